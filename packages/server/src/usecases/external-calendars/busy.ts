/**
 * External busy times as availability and booking use them. A search reads each busy-counting
 * linked calendar of its resources once, over the search's range rounded out to whole UTC days
 * (through the cache); a booking reads exactly its own interval, bypassing the cache. Every call
 * ends at the service's timeout. A calendar that fails or times out fails closed: a search shows
 * its resource's candidates as unavailable, a booking is refused.
 *
 * @module
 */
import type { ServiceContext } from '../../core/context';
import { errorFields } from '../../ports/logger';
import { slotUnavailable } from '../../core/errors';
import type { EngineBlocker } from '../../domain/availability';
import { ExternalCalendarError, type BusyInterval, type BusyRange } from '../../ports/external-calendar';
import type { ExternalCalendarLinkRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import type { ExternalCalendarService } from './settings';

const DAY_MS = 86_400_000;

/** The busy-counting links of `resourceIds`, one indexed read per resource. */
export async function busyLinksOf(
  tx: Repositories,
  org: string,
  resourceIds: Iterable<string>,
): Promise<ExternalCalendarLinkRecord[]> {
  const lists = await Promise.all(
    [...resourceIds].map((resourceId) => tx.externalCalendarLinks.list(org, { resourceId })),
  );
  return lists.flat().filter((link) => link.countsAsBusy);
}

/** Runs one provider call, rejecting at `timeoutMs` even if the adapter ignores its signal. */
export async function withinTimeout<T>(
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ExternalCalendarError(`no answer within ${timeoutMs} ms`, { retryable: true }));
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** One link's busy times over `range`, straight from its provider. */
function readBusy(
  service: ExternalCalendarService,
  link: ExternalCalendarLinkRecord,
  range: BusyRange,
): Promise<BusyInterval[]> {
  return withinTimeout(service.timeoutMs, async (signal) => service.calendarOf(link).busy(range, { signal }));
}

/** Logs a failed read: the link, the resource and the error's message (never the connection). */
function logFailure(ctx: ServiceContext, link: ExternalCalendarLinkRecord, error: unknown, what: string) {
  ctx.logger.warn(`external calendar ${what} failed; its resource is treated as busy`, {
    externalCalendarLinkId: link.id,
    resourceId: link.resourceId,
    provider: link.provider,
    error: errorFields(error),
  });
}

/** What a search's external calendars say. */
export interface ExternalBusy {
  /** Busy intervals, as blockers of their resources. */
  blockers: EngineBlocker[];
  /** Resources one of whose calendars failed: all their candidates are unavailable. */
  failed: Set<string>;
}

/** The range a search reads: its candidates' range (each may end a booking length later), to whole UTC days. */
export function searchBusyRange(startMs: number, endMs: number, bookingLengthMs: number): BusyRange {
  return {
    startMs: Math.floor(startMs / DAY_MS) * DAY_MS,
    endMs: Math.ceil((endMs + bookingLengthMs) / DAY_MS) * DAY_MS,
  };
}

/**
 * The busy times of `links` over `range`, through the cache: each link read at most once. A link
 * that fails marks its resource failed and is logged.
 */
export async function searchExternalBusy(
  ctx: ServiceContext,
  links: readonly ExternalCalendarLinkRecord[],
  range: BusyRange,
): Promise<ExternalBusy> {
  const service = ctx.externalCalendars;
  const result: ExternalBusy = { blockers: [], failed: new Set() };
  if (!service || links.length === 0) return result;
  await Promise.all(
    links.map(async (link) => {
      const key = `${link.id}\u0000${link.updatedAt}\u0000${range.startMs}\u0000${range.endMs}`;
      try {
        const busy = await service.cache.through(key, () => readBusy(service, link, range));
        for (const interval of busy) {
          result.blockers.push({
            resourceId: link.resourceId,
            startMs: interval.startMs,
            endMs: interval.endMs,
          });
        }
      } catch (error) {
        result.failed.add(link.resourceId);
        logFailure(ctx, link, error, 'read');
      }
    }),
  );
  return result;
}

/**
 * Refuses (400 `slotUnavailable`) a booking of `[startMs, endMs)` for a resource one of whose
 * busy-counting calendars is busy then, or fails or times out: each is read for that interval
 * now, never from the cache. Nothing is read when the service has no external calendars.
 */
export async function assertExternallyFree(
  ctx: ServiceContext,
  links: readonly ExternalCalendarLinkRecord[],
  startMs: number,
  endMs: number,
): Promise<void> {
  const service = ctx.externalCalendars;
  if (!service || links.length === 0 || endMs <= startMs) return;
  const verdicts = await Promise.all(
    links.map((link) =>
      readBusy(service, link, { startMs, endMs }).then(
        (busy) => busy.length === 0,
        (error: unknown) => {
          logFailure(ctx, link, error, 'booking re-read');
          return false;
        },
      ),
    ),
  );
  if (verdicts.includes(false)) throw slotUnavailable();
}

/**
 * The check a booking (or a reschedule) makes before its transaction: reads the resource's
 * busy-counting links, then {@link assertExternallyFree} for `[startMs, endMs)`. Costs no read at
 * all when the service has no external calendars.
 */
export async function assertResourceExternallyFree(
  ctx: ServiceContext,
  org: string,
  resourceId: string,
  startMs: number,
  endMs: number,
): Promise<void> {
  if (!ctx.externalCalendars) return;
  const links = await ctx.storage.transaction((tx) => busyLinksOf(tx, org, [resourceId]), { readOnly: true });
  await assertExternallyFree(ctx, links, startMs, endMs);
}

/**
 * Of `resourceIds` (in order), those whose busy-counting calendars are all free over
 * `[startMs, endMs)` now: each read for that interval, never from the cache; a failed or timed-out
 * calendar counts as busy. All of them when the service has no external calendars.
 */
export async function externallyFreeResources(
  ctx: ServiceContext,
  org: string,
  resourceIds: readonly string[],
  startMs: number,
  endMs: number,
): Promise<string[]> {
  if (!ctx.externalCalendars || resourceIds.length === 0) return [...resourceIds];
  const links = await ctx.storage.transaction((tx) => busyLinksOf(tx, org, resourceIds), { readOnly: true });
  const free = await Promise.all(
    resourceIds.map((resourceId) =>
      assertExternallyFree(
        ctx,
        links.filter((link) => link.resourceId === resourceId),
        startMs,
        endMs,
      ).then(
        () => true,
        () => false,
      ),
    ),
  );
  return resourceIds.filter((_, i) => free[i]);
}
