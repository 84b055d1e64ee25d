/**
 * What use cases reach of the service's external calendars through the context (the settings are
 * checked and built in `usecases/external-calendars`).
 *
 * @module
 */
import type { ExternalCalendarConnection } from '@leadbook/contract';
import type { KeyRing } from '../domain/external-calendars/sealing';
import type { BusyInterval, ExternalCalendar } from '../ports/external-calendar';
import type { ExternalCalendarLinkRecord } from '../ports/records';

/**
 * Makes the calendar of one link from its (decrypted) connection, such as
 * `(connection) => createCalDavCalendar({ ...connection, allowPrivateUrls: false })`. It must not
 * touch the network (it runs when a link is made, to check the connection) and throws a
 * `TypeError` for a connection it cannot use; its message reaches the console, so it never holds
 * a credential.
 */
export type ExternalCalendarProvider = (connection: ExternalCalendarConnection) => ExternalCalendar;

/** Busy times by key, reused for a while. */
export interface BusyCache {
  /**
   * The busy times under `key`: kept ones younger than the TTL, the read in flight for it, or
   * `read()`'s (kept when it succeeds).
   */
  through(key: string, read: () => Promise<BusyInterval[]>): Promise<BusyInterval[]>;
}

/** What the use cases reach: the checked settings and the live calendars. */
export interface ExternalCalendarService {
  /** The providers by name. */
  readonly providers: ReadonlyMap<string, ExternalCalendarProvider>;
  /** The key ring of connections. */
  readonly keys: KeyRing;
  /** The per-call timeout, ms. */
  readonly timeoutMs: number;
  /** Busy times by link and range. */
  readonly cache: BusyCache;
  /** The calendar of a link (made once per link version, then reused). */
  calendarOf(link: ExternalCalendarLinkRecord): ExternalCalendar;
}
