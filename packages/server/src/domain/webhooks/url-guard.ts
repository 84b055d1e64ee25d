/**
 * The URL guard of outgoing requests (webhooks, external calendars): only http(s) URLs without
 * credentials, and, unless private targets are allowed, only hosts whose every address is public
 * unicast. This keeps a form's webhook or a linked calendar from reaching the service's own
 * loopback, the private network or a cloud metadata endpoint (169.254.169.254). Each caller passes
 * its wording (what the URL is, which option allows private targets), so refusals read right.
 *
 * @module
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';

/** The verdict of the URL guard. */
export type WebhookUrlCheck =
  | { ok: true }
  | {
      ok: false;
      /** Why the URL is refused, for the delivery log and the console (never contains a secret). */
      reason: string;
      /**
       * True when the refusal may go away by itself (the host name did not resolve now); the
       * delivery then retries. A refused scheme, credentials or a private address are not transient.
       */
      transient?: boolean;
    };

/** Resolves a host name to its IP addresses (IPv4 dotted quads or IPv6 text). */
export type HostLookup = (hostname: string) => Promise<string[]>;

/**
 * How the guard's refusals name what they refuse and the option that allows private targets, so
 * each caller's operator reads its own words (`the webhook URL ...`, `the calendar URL ...`).
 */
export interface UrlGuardWording {
  /** What the URL is, as in `the <subject> must use http or https`: `webhook URL`, `calendar URL`. */
  subject: string;
  /** The option that allows private targets, as the operator sets it: `webhooks.allowPrivateUrls`. */
  allowOption: string;
}

/** The wording of outgoing webhooks' refusals. */
export const WEBHOOK_URL_WORDING: UrlGuardWording = {
  subject: 'webhook URL',
  allowOption: 'webhooks.allowPrivateUrls on the service',
};

/** Options of {@link checkWebhookUrlSyntax}. */
export interface UrlSyntaxGuardOptions {
  /** Allow hosts that are or resolve to loopback, private, link-local or other non-public addresses. */
  allowPrivate: boolean;
  /** How refusals name the URL and the option that allows private targets. */
  wording: UrlGuardWording;
}

/** Options of {@link checkWebhookUrl}. */
export interface WebhookUrlGuardOptions extends UrlSyntaxGuardOptions {
  /** The resolver (default: `dns.promises.lookup(host, { all: true })`). Tests inject one. */
  lookup?: HostLookup;
}

/** Resolves with the operating system's resolver, like the HTTP client will. */
export const systemHostLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

type Target =
  { kind: 'ip'; address: string } | { kind: 'localhost'; name: string } | { kind: 'name'; name: string };

type Parsed = { ok: true; target: Target } | { ok: false; reason: string };

/** Parses the URL and classifies its host; no network access. */
function parseWebhookUrl(url: string, { subject }: UrlGuardWording): Parsed {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: `the ${subject} is not a valid absolute URL` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return {
      ok: false,
      reason: `the ${subject} must use http or https, not ${parsed.protocol.slice(0, -1)}`,
    };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: `the ${subject} must not contain credentials` };
  }
  // The WHATWG parser lower-cases names and normalises IPv4 forms (`2130706433`, `0x7f.1`,
  // `127.1`) to dotted quads, and IPv6 literals to their bracketed short form.
  const host = parsed.hostname;
  if (host.startsWith('[') && host.endsWith(']')) {
    return { ok: true, target: { kind: 'ip', address: host.slice(1, -1) } };
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return { ok: true, target: { kind: 'ip', address: host } };
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  // RFC 6761: `localhost` and its subdomains are loopback whatever a resolver says.
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return { ok: true, target: { kind: 'localhost', name: host } };
  }
  return { ok: true, target: { kind: 'name', name: host } };
}

/** The IPv4 address an IPv6 address carries in its low 32 bits. */
const lowIPv4 = (address: IPv6): IPv4 => {
  const [high = 0, low = 0] = address.parts.slice(-2);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
};

/**
 * The ipaddr.js range of an address (`unicast` for public unicast). IPv6 forms that carry an IPv4
 * address (IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`)
 * are classified by the IPv4 address they carry; deprecated IPv4-compatible `::a.b.c.d` is
 * `reserved`.
 *
 * @throws Error when `address` is not an IP address.
 */
export function addressRange(address: string): string {
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return (ip as IPv4).range();
  const v6 = ip as IPv6;
  const range = v6.range();
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0] = v6.parts;
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return lowIPv4(v6).range();
    case 'rfc6052':
      // Only the well-known NAT64 prefix 64:ff9b::/96 carries a plain IPv4 address in its low bits;
      // the local-use 64:ff9b:1::/48 stays refused.
      return p1 === 0xff9b && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0 ? lowIPv4(v6).range() : range;
    case '6to4':
      return new ipaddr.IPv4([p1 >> 8, p1 & 0xff, p2 >> 8, p2 & 0xff]).range();
    case 'unicast':
      // ::a.b.c.d (IPv4-compatible, deprecated by RFC 4291) is nobody's public address.
      return p0 === 0 && p1 === 0 && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0 ? 'reserved' : range;
    default:
      return range;
  }
}

/** True when the address is public unicast (not loopback, private, link-local, reserved, ...). */
export function isPublicAddress(address: string): boolean {
  try {
    return addressRange(address) === 'unicast';
  } catch {
    return false;
  }
}

/** The `code` of the error a connection to a refused address fails with (see the guarded fetch). */
export const ADDRESS_REFUSED_CODE = 'ERR_WEBHOOK_ADDRESS_REFUSED';

/**
 * Why `address` (which `host` resolved to, when it is a name) is refused, for logs and the console,
 * in the caller's `wording`.
 */
export function nonPublicAddressReason(
  address: string,
  host: string | undefined,
  wording: UrlGuardWording,
): string {
  let range: string;
  try {
    range = addressRange(address);
  } catch {
    range = 'invalid';
  }
  const where = host === undefined || host === address ? address : `${host} (${address})`;
  // The operator reads it in the console or the delivery log: name the option that changes it.
  return (
    `the ${wording.subject} points to a non-public address: ${where} is ${range}; ` +
    `private targets are not allowed (set ${wording.allowOption} to allow them)`
  );
}

const refusal = (
  wording: UrlGuardWording,
  address: string,
  host?: string,
): { ok: false; reason: string } => ({
  ok: false,
  reason: nonPublicAddressReason(address, host, wording),
});

/**
 * Checks a webhook URL without network access, for saving a form: http or https only, no
 * credentials, and, unless `allowPrivate`, no IP literal outside public unicast and no `localhost`.
 * A host name passes; {@link checkWebhookUrl} resolves it before each delivery.
 *
 * @example
 * ```ts
 * const wording = { subject: 'calendar URL', allowOption: 'allowPrivateUrls' };
 * checkWebhookUrlSyntax('https://dav.example.com/alice/', { allowPrivate: false, wording }); // { ok: true }
 * checkWebhookUrlSyntax('http://169.254.169.254/latest/meta-data', { allowPrivate: false, wording });
 * // { ok: false, reason: 'the calendar URL points to a non-public address: 169.254.169.254 is linkLocal; ...' }
 * ```
 */
export function checkWebhookUrlSyntax(url: string, options: UrlSyntaxGuardOptions): WebhookUrlCheck {
  const { wording } = options;
  const parsed = parseWebhookUrl(url, wording);
  if (!parsed.ok) return parsed;
  if (options.allowPrivate) return { ok: true };
  const { target } = parsed;
  if (target.kind === 'ip' && !isPublicAddress(target.address)) return refusal(wording, target.address);
  if (target.kind === 'localhost') return refusal(wording, '127.0.0.1', target.name);
  return { ok: true };
}

/**
 * Checks a webhook URL right before a delivery: everything {@link checkWebhookUrlSyntax} checks,
 * and, unless `allowPrivate`, resolves a host name and refuses it when ANY of its addresses is not
 * public unicast (so a name with one public and one private record is refused). IP literals,
 * bracketed IPv6 included, are checked without a lookup; `localhost` is loopback without a lookup.
 * A failed lookup is a transient refusal.
 *
 * The HTTP client resolves the name again when it connects, so a resolver that answers differently
 * a moment later (DNS rebinding) is not caught here: the service's default fetch
 * (`createGuardedFetch`) checks the addresses it connects to as well.
 *
 * @example
 * ```ts
 * await checkWebhookUrl('http://127.0.0.1:8080/hook', { allowPrivate: false, wording: WEBHOOK_URL_WORDING });
 * // { ok: false, reason: 'the webhook URL points to a non-public address: 127.0.0.1 is loopback; ...' }
 * ```
 */
export async function checkWebhookUrl(
  url: string,
  options: WebhookUrlGuardOptions,
): Promise<WebhookUrlCheck> {
  const { wording } = options;
  const parsed = parseWebhookUrl(url, wording);
  if (!parsed.ok) return parsed;
  if (options.allowPrivate) return { ok: true };
  const { target } = parsed;
  if (target.kind === 'ip') {
    return isPublicAddress(target.address) ? { ok: true } : refusal(wording, target.address);
  }
  if (target.kind === 'localhost') return refusal(wording, '127.0.0.1', target.name);
  const lookup = options.lookup ?? systemHostLookup;
  let addresses: string[];
  try {
    addresses = await lookup(target.name);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return {
      ok: false,
      reason: `the host of the ${wording.subject}, ${target.name}, did not resolve${typeof code === 'string' ? ` (${code})` : ''}`,
      transient: true,
    };
  }
  if (addresses.length === 0) {
    return {
      ok: false,
      reason: `the host of the ${wording.subject}, ${target.name}, resolved to no address`,
      transient: true,
    };
  }
  const blocked = addresses.find((address) => !isPublicAddress(address));
  return blocked === undefined ? { ok: true } : refusal(wording, blocked, target.name);
}
