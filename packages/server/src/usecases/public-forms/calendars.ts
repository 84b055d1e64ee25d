/**
 * `GET /public/forms/:id/calendars` (an extension): the names and zones of a form's calendars, so a
 * widget can name them in its picker and show the calendar's zone beside the times.
 *
 * @module
 */
import type { PublicCalendar } from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import type { FormRecord } from '../../ports/records';

/**
 * The calendars of the form's studios, each once, in form order: id, name and time zone only. An
 * archived or deleted calendar is left out. The work is one read per distinct calendar of the form
 * (never the organization's whole list).
 */
export async function publicCalendars(ctx: ServiceContext, form: FormRecord): Promise<PublicCalendar[]> {
  const ids = [...new Set(form.studios.flatMap((studio) => studio.calendarIds))];
  const calendars = await readTx(ctx, (tx) =>
    Promise.all(ids.map((id) => tx.calendars.get(form.organizationId, id))),
  );
  return calendars.flatMap((calendar) =>
    calendar && !calendar.archived
      ? [{ id: calendar.id, name: calendar.name, timeZone: calendar.tzdata }]
      : [],
  );
}
