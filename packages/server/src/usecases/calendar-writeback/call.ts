/**
 * One write-back call to a link's calendar, bounded by the external calendars' timeout; never
 * rejects. A failure is retryable when the adapter says so or when it is no `ExternalCalendarError`
 * (the port counts those as retryable); a link whose calendar cannot be made (its provider is not
 * configured, its key left the ring) fails for good.
 *
 * @module
 */
import type { ServiceContext } from '../../core/context';
import { errorFields } from '../../ports/logger';
import { isExternalCalendarError, type ExternalCalendar } from '../../ports/external-calendar';
import type { ExternalCalendarLinkRecord } from '../../ports/records';
import { withinTimeout } from '../external-calendars/busy';

/** How a call ended. */
export type CallOutcome<T> =
  { ok: true; value: T } | { ok: false; retryable: boolean; detail: string; status?: number | undefined };

/** Calls `call` on `link`'s calendar within the timeout. */
export async function callCalendar<T>(
  ctx: ServiceContext,
  link: ExternalCalendarLinkRecord,
  call: (calendar: ExternalCalendar, signal: AbortSignal) => Promise<T>,
): Promise<CallOutcome<T>> {
  const service = ctx.externalCalendars;
  if (!service) return { ok: false, retryable: false, detail: 'external calendars are not configured' };
  let calendar: ExternalCalendar;
  try {
    calendar = service.calendarOf(link);
  } catch (error) {
    return { ok: false, retryable: false, detail: errorFields(error).message };
  }
  try {
    return { ok: true, value: await withinTimeout(service.timeoutMs, (signal) => call(calendar, signal)) };
  } catch (error) {
    if (!isExternalCalendarError(error))
      return { ok: false, retryable: true, detail: errorFields(error).message };
    return { ok: false, retryable: error.retryable, detail: error.message, status: error.status };
  }
}
