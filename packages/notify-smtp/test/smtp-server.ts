/**
 * A real SMTP server for the tests: `smtp-server` on a loopback port with AUTH (PLAIN, LOGIN)
 * required and STARTTLS on a self-signed certificate made for this run. Every accepted message is
 * parsed with mailparser; a test can make the server answer the next message with a given reply.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';

/** The user and password the server accepts. */
export const SMTP_USER = { user: 'bookings@studio.test', pass: 'correct horse battery staple' };

/** A running test server. */
export interface TestSmtpServer {
  port: number;
  /** The certificate, to trust as a CA in the client. */
  cert: string;
  /** Messages received, parsed, with the envelope. */
  mailbox: { parsed: ParsedMail; raw: string; rcptTo: string[]; secure: boolean; user: unknown }[];
  /** Makes the server reject the next message's DATA with this code and text. */
  rejectNext(code: number, text: string): void;
  close(): Promise<void>;
}

/**
 * Recipients the server refuses at RCPT TO, with the reply code: 450 (greylisting, temporary) or
 * 550 (no such mailbox).
 */
export const REFUSED_RECIPIENTS: Record<string, number> = {
  'greylisted@lead.test': 450,
  'nobody@lead.test': 550,
};

/**
 * Starts a server on 127.0.0.1, port 0: STARTTLS by default, TLS from the first byte with
 * `secure` (as on port 465).
 */
export async function startSmtpServer(options: { secure?: boolean } = {}): Promise<TestSmtpServer> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const mailbox: TestSmtpServer['mailbox'] = [];
  const rejections: { code: number; text: string }[] = [];
  const server = new SMTPServer({
    secure: options.secure ?? false,
    key: pems.private,
    cert: pems.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // Credentials only over the encrypted connection, as real submission servers insist.
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER.user && auth.password === SMTP_USER.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onRcptTo(address, _session, callback) {
      const code = REFUSED_RECIPIENTS[address.address];
      if (code === undefined) callback();
      else
        callback(Object.assign(new Error(`recipient refused: ${address.address}`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const rejection = rejections.shift();
        if (rejection) {
          callback(Object.assign(new Error(rejection.text), { responseCode: rejection.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            mailbox.push({
              parsed,
              raw,
              rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              secure: session.secure,
              user: session.user,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    cert: pems.cert,
    mailbox,
    rejectNext: (code, text) => void rejections.push({ code, text }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
