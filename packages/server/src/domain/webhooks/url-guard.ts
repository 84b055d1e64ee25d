/**
 * The URL guard of outgoing webhooks: only http(s) URLs without credentials, and, unless private
 * targets are allowed, only hosts whose every address is public unicast. This keeps a form's
 * webhook from reaching the service's own loopback, the private network or a cloud metadata
 * endpoint (169.254.169.254).
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

/** Options of {@link checkWebhookUrl}. */
export interface WebhookUrlGuardOptions {
  /** Allow hosts that are or resolve to loopback, private, link-local or other non-public addresses. */
  allowPrivate: boolean;
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
function parseWebhookUrl(url: string): Parsed {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'the webhook URL is not a valid absolute URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return {
      ok: false,
      reason: `the webhook URL must use http or https, not ${parsed.protocol.slice(0, -1)}`,
    };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: 'the webhook URL must not contain credentials' };
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

/** Why `address` (which `host` resolved to, when it is a name) is refused, for logs and the console. */
export function nonPublicAddressReason(address: string, host?: string): string {
  let range: string;
  try {
    range = addressRange(address);
  } catch {
    range = 'invalid';
  }
  const where = host === undefined || host === address ? address : `${host} (${address})`;
  // The operator reads it in the console or the delivery log: name the option that changes it.
  return (
    `the webhook URL points to a non-public address: ${where} is ${range}; ` +
    'private targets are not allowed (set webhooks.allowPrivateUrls on the service to allow them)'
  );
}

const refusal = (address: string, host?: string): { ok: false; reason: string } => ({
  ok: false,
  reason: nonPublicAddressReason(address, host),
});

/**
 * Checks a webhook URL without network access, for saving a form: http or https only, no
 * credentials, and, unless `allowPrivate`, no IP literal outside public unicast and no `localhost`.
 * A host name passes; {@link checkWebhookUrl} resolves it before each delivery.
 *
 * @example
 * ```ts
 * checkWebhookUrlSyntax('https://hooks.example.com/leadbook', { allowPrivate: false }); // { ok: true }
 * checkWebhookUrlSyntax('http://169.254.169.254/latest/meta-data', { allowPrivate: false }).ok; // false
 * ```
 */
export function checkWebhookUrlSyntax(url: string, options: { allowPrivate: boolean }): WebhookUrlCheck {
  const parsed = parseWebhookUrl(url);
  if (!parsed.ok) return parsed;
  if (options.allowPrivate) return { ok: true };
  const { target } = parsed;
  if (target.kind === 'ip' && !isPublicAddress(target.address)) return refusal(target.address);
  if (target.kind === 'localhost') return refusal('127.0.0.1', target.name);
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
 * await checkWebhookUrl('http://127.0.0.1:8080/hook', { allowPrivate: false });
 * // { ok: false, reason: 'the webhook URL points to a non-public address: 127.0.0.1 is loopback; ...' }
 * ```
 */
export async function checkWebhookUrl(
  url: string,
  options: WebhookUrlGuardOptions,
): Promise<WebhookUrlCheck> {
  const parsed = parseWebhookUrl(url);
  if (!parsed.ok) return parsed;
  if (options.allowPrivate) return { ok: true };
  const { target } = parsed;
  if (target.kind === 'ip') return isPublicAddress(target.address) ? { ok: true } : refusal(target.address);
  if (target.kind === 'localhost') return refusal('127.0.0.1', target.name);
  const lookup = options.lookup ?? systemHostLookup;
  let addresses: string[];
  try {
    addresses = await lookup(target.name);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return {
      ok: false,
      reason: `the webhook host ${target.name} did not resolve${typeof code === 'string' ? ` (${code})` : ''}`,
      transient: true,
    };
  }
  if (addresses.length === 0) {
    return { ok: false, reason: `the webhook host ${target.name} resolved to no address`, transient: true };
  }
  const blocked = addresses.find((address) => !isPublicAddress(address));
  return blocked === undefined ? { ok: true } : refusal(blocked, target.name);
}
