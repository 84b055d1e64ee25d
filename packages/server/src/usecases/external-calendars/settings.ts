/**
 * The external calendar settings of a service (`externalCalendars` of `createConnectService()`),
 * checked once at start-up into what the use cases reach through the context: the providers, the
 * key ring, the per-call timeout and the busy-time cache.
 *
 * @module
 */
import type { ExternalCalendarProvider, ExternalCalendarService } from '../../core/external-calendars';
import { createKeyRing, type EncryptionKey } from '../../domain/external-calendars/sealing';
import type { Clock } from '../../ports/clock';
import type { ExternalCalendar } from '../../ports/external-calendar';
import type { ExternalCalendarConnection } from '@leadbook/contract';
import { createBusyCache } from './busy-cache';

export type { ExternalCalendarProvider, ExternalCalendarService } from '../../core/external-calendars';

/** `externalCalendars` of `createConnectService()`. */
export interface ExternalCalendarOptions {
  /** The providers a link may name, by name (`caldav`, ...). */
  providers: Readonly<Record<string, ExternalCalendarProvider>>;
  /**
   * The keys that encrypt links' connections at rest (AES-256-GCM): the first one seals, every one
   * opens what it sealed. To rotate, put a new key first and keep the old ones until
   * `admin.externalCalendars.reseal()` has moved every link to the new key.
   */
  encryptionKeys: readonly EncryptionKey[];
  /**
   * The longest one provider call may take, in milliseconds: an integer from 1 to 60000. Default:
   * 5000. A search or booking whose calendar does not answer in time treats it as failed.
   */
  timeoutMs?: number;
  /**
   * How long a calendar's busy times of one range are reused by later searches, in milliseconds on
   * the service's clock: an integer from 0 (no cache) to 600000. Default: 60000. Bookings never use
   * it: they read their own interval again.
   */
  cacheTtlMs?: number;
}

/** The most calendars kept made at once; the oldest is dropped (and made again when needed). */
const MAX_LIVE_CALENDARS = 1000;

const checkedInteger = (name: string, value: number, min: number, max: number) => {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`externalCalendars.${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
};

/** Checks the options and builds the service's external calendars. */
export function createExternalCalendarService(
  options: ExternalCalendarOptions,
  clock: Clock,
): ExternalCalendarService {
  const keys = createKeyRing(options.encryptionKeys);
  const timeoutMs = checkedInteger('timeoutMs', options.timeoutMs ?? 5000, 1, 60_000);
  const cacheTtlMs = checkedInteger('cacheTtlMs', options.cacheTtlMs ?? 60_000, 0, 600_000);
  const providers = new Map(Object.entries(options.providers));
  const live = new Map<string, ExternalCalendar>();
  return {
    providers,
    keys,
    timeoutMs,
    cache: createBusyCache({ ttlMs: cacheTtlMs, clock }),
    calendarOf(link) {
      // A relinked or resealed link is a new version: its old calendar is never used again.
      const key = `${link.id}\u0000${link.updatedAt}`;
      let calendar = live.get(key);
      if (!calendar) {
        const provider = providers.get(link.provider);
        if (!provider) throw new Error(`no external calendar provider "${link.provider}" is configured`);
        const connection = JSON.parse(keys.open(link.sealedConnection)) as ExternalCalendarConnection;
        calendar = provider(connection);
        if (live.size >= MAX_LIVE_CALENDARS) live.delete(live.keys().next().value!);
        live.set(key, calendar);
      }
      return calendar;
    },
  };
}
