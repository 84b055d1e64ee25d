/**
 * A Radicale CalDAV server for the tests: started on a free loopback port with a temporary store
 * and no authentication check (any user name and password are accepted; each user owns its own
 * collections). Debian's `radicale` package provides the binary; without it the tests skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCalendar } from 'tsdav';

/** Whether the `radicale` binary is installed (`.ci/run` installs Debian's package). */
export const radicaleInstalled = spawnSync('radicale', ['--version'], { stdio: 'ignore' }).status === 0;

/** The user every test calendar belongs to, and its Basic authentication header. */
export const USER = 'coach';
export const AUTHORIZATION = `Basic ${Buffer.from(`${USER}:secret`).toString('base64')}`;

/** A running Radicale. */
export interface Radicale {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Makes an empty calendar collection (MKCALENDAR through tsdav) and returns its URL. */
  newCalendar(): Promise<string>;
  /** Stops the server and removes its store. */
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts Radicale and waits until it answers. */
export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(join(tmpdir(), 'leadbook-radicale-'));
  const port = await freePort();
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = none',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = error',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('radicale', ['--config', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  let up = false;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!up) {
    if (gone) throw new Error(`radicale exited: ${stderr}`);
    up = await fetch(`${origin}/`, { method: 'OPTIONS' }).then(
      () => true,
      () => false,
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let count = 0;
  return {
    origin,
    async newCalendar() {
      const url = `${origin}/${USER}/calendar-${++count}/`;
      const [answer] = await makeCalendar({
        url,
        props: { 'd:displayname': `Test calendar ${count}` },
        headers: { authorization: AUTHORIZATION },
      });
      if (!answer?.ok) throw new Error(`MKCALENDAR ${url} answered ${answer?.status}`);
      return url;
    },
    async stop() {
      if (!gone) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes `ics` into the calendar at `calendarUrl` as another client would (a plain PUT). */
export async function putICalendar(calendarUrl: string, name: string, ics: string): Promise<void> {
  const response = await fetch(`${calendarUrl}${name}.ics`, {
    method: 'PUT',
    headers: { authorization: AUTHORIZATION, 'content-type': 'text/calendar; charset=utf-8' },
    body: ics,
  });
  if (!response.ok) throw new Error(`PUT ${name}.ics answered ${response.status}: ${await response.text()}`);
}

/** An iCalendar object of `VEVENT` lines (and optional VTIMEZONE blocks), with CRLF line ends. */
export const iCalendar = (...blocks: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Leadbook tests//EN',
    ...blocks.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** A VEVENT in UTC. */
export const vevent = (uid: string, startMs: number, endMs: number, ...extra: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTAMP:${utc(startMs)}`,
  `DTSTART:${utc(startMs)}`,
  `DTEND:${utc(endMs)}`,
  'SUMMARY:Busy elsewhere',
  ...extra,
  'END:VEVENT',
];
