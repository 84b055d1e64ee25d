/**
 * The default fetch of outgoing webhooks: an undici dispatcher that checks, at connect time, every
 * address it is about to connect to. The URL guard resolves a host name before an attempt; a
 * resolver that answers differently a moment later (DNS rebinding) would otherwise send the
 * connection to a private address that was never checked. Here the addresses checked are the
 * addresses connected to.
 *
 * @module
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import {
  ADDRESS_REFUSED_CODE,
  isPublicAddress,
  nonPublicAddressReason,
  systemHostLookup,
  type HostLookup,
  type UrlGuardWording,
} from '../../domain/webhooks';

/** Options of {@link createGuardedFetch}. */
export interface GuardedFetchOptions {
  /** Connect to loopback, private and link-local addresses too (the resolver is still used). */
  allowPrivate: boolean;
  /** The resolver of host names. Default: the operating system's (`dns.lookup`). */
  lookup?: HostLookup;
  /**
   * How a refused connection's reason names the URL and the option that allows private targets
   * (`WEBHOOK_URL_WORDING` for webhooks; an adapter passes its own).
   */
  wording: UrlGuardWording;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The error a refused address fails the connection with; its message is the delivery log's reason. */
function refused(host: string, address: string, wording: UrlGuardWording): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(nonPublicAddressReason(address, host, wording));
  error.code = ADDRESS_REFUSED_CODE;
  return error;
}

/**
 * Creates a fetch whose connections go only to addresses the guard allowed: a host name is
 * resolved once, every address it resolves to must be public unicast (unless `allowPrivate`), and
 * the socket connects to one of exactly those addresses. IP-literal hosts are checked the same way.
 * A refused connection rejects like a network error, with a `cause` whose `code` is
 * {@link ADDRESS_REFUSED_CODE}.
 *
 * @example
 * ```ts
 * const guardedFetch = createGuardedFetch({ allowPrivate: false, wording: WEBHOOK_URL_WORDING });
 * await guardedFetch('http://127.0.0.1:8080/hook', { method: 'POST' });
 * // rejects: TypeError('fetch failed', { cause: { code: 'ERR_WEBHOOK_ADDRESS_REFUSED', ... } })
 * ```
 */
export function createGuardedFetch(options: GuardedFetchOptions): typeof fetch {
  const { allowPrivate, lookup = systemHostLookup, wording } = options;

  const guardedLookup = (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback) => {
    lookup(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} resolved to no address`);
          error.code = 'ENOTFOUND';
          return callback(error, []);
        }
        const blocked = allowPrivate ? undefined : addresses.find((address) => !isPublicAddress(address));
        if (blocked !== undefined) return callback(refused(hostname, blocked, wording), []);
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        if (lookupOptions.all) return callback(null, entries);
        const first = entries[0]!;
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };

  const connectGuarded = buildConnector({ lookup: guardedLookup } as buildConnector.BuildOptions);
  const agent = new Agent({
    connect(connectOptions, callback) {
      // An IP literal is connected to without a lookup: check it here.
      const host = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
      if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
        callback(refused(host, host, wording), null);
        return;
      }
      connectGuarded(connectOptions, callback);
    },
  });

  const guardedFetch = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    });
  return guardedFetch as unknown as typeof fetch;
}
