/**
 * The public form read endpoints: availability, appointment types, slots, and the
 * public configuration a widget loads.
 *
 * @module
 */
import {
  EXTERNAL_CALENDAR_UNAVAILABLE_REASON,
  MAX_AVAILABILITY_RANGE_DAYS,
  type PublicAppointmentType,
  type PublicAppointmentTypesQuery,
  type PublicFormAvailability,
  type PublicFormConfig,
  type PublicSlotsQuery,
  type PublicSlotsResponse,
} from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { validationError } from '../../core/errors';
import { searchAvailability } from '../../domain/availability';
import type { FormRecord } from '../../ports/records';
import { loadSearch } from '../availability';
import { externalSearchInput, withLinks } from '../external-calendars';
import { allowedTypeIds, checkAppointmentType, checkCalendar, resolveBookingField } from './booking-rules';

const DAY_MS = 86_400_000;

/** `GET /public/forms/:id/availability`. */
export const publicAvailability = (form: FormRecord): PublicFormAvailability => ({
  available: true,
  captchaProvider: form.captcha?.provider ?? null,
});

/** `GET /public/forms/:id/config`: fields, studios and the captcha site key; never a secret or the webhook URL. */
export function publicConfig(form: FormRecord): PublicFormConfig {
  return {
    id: form.id,
    name: form.name,
    fields: form.fields.map(({ dataKey: _dataKey, ...field }) => field),
    studios: form.studios.map(({ id, name, calendarIds }) => ({ id, name, calendarIds })),
    captcha: form.captcha ? { provider: form.captcha.provider, siteKey: form.captcha.siteKey } : null,
  };
}

/**
 * `GET /public/forms/:id/appointment-types`: the types allowed by the booking field that have at
 * least one publicly bookable resource slot on the calendar.
 */
export async function publicAppointmentTypes(
  ctx: ServiceContext,
  form: FormRecord,
  query: PublicAppointmentTypesQuery,
): Promise<PublicAppointmentType[]> {
  return readTx(ctx, async (tx) => {
    checkCalendar(form, query.calendarId, query.studioId);
    const allowed = allowedTypeIds(resolveBookingField(form, query.fieldId));
    const org = form.organizationId;
    // Only the calendar's resources, and the type mappings of those with a public slot on it: the
    // work follows the calendar, not the organization.
    const [slots, resources, types] = await Promise.all([
      tx.resourceSlots.list(org, { calendarId: query.calendarId }),
      tx.resources.listMapped(org, { calendarId: query.calendarId }),
      tx.appointmentTypes.list(org),
    ]);
    const live = new Set(resources.filter((r) => !r.archived).map((r) => r.id));
    const bookable = new Set(
      slots.filter((s) => s.publiclyBookable && live.has(s.resourceId)).map((s) => s.resourceId),
    );
    const typeMappings = await Promise.all(
      [...bookable].map((resourceId) => tx.appointmentTypeResourceMappings.list(org, { resourceId })),
    );
    const typeIds = new Set(typeMappings.flat().map((m) => m.appointmentTypeId));
    return types
      .filter((type) => !type.archived && typeIds.has(type.id) && (!allowed || allowed.has(type.id)))
      .map((type) => ({ id: type.id, name: type.name, duration: type.bookingLength }));
  });
}

/**
 * `GET /public/forms/:id/slots`: the candidates of publicly bookable slots only (only the available
 * ones with `onlyAvailable`); those that start before now (the service's clock) are listed with
 * `available: false`. A search of more candidates than `MAX_AVAILABILITY_CANDIDATES` is a 400.
 */
export async function publicSlots(
  ctx: ServiceContext,
  form: FormRecord,
  query: PublicSlotsQuery,
): Promise<PublicSlotsResponse> {
  const startMs = Date.parse(query.start);
  const endMs = Date.parse(query.end);
  if (endMs <= startMs)
    throw validationError('end must be after start', [
      { path: 'query.end', message: 'end must be after start' },
    ]);
  if (endMs - startMs > MAX_AVAILABILITY_RANGE_DAYS * DAY_MS) {
    throw validationError(`The range may span at most ${MAX_AVAILABILITY_RANGE_DAYS} days`);
  }
  const linked = await readTx(ctx, async (tx) => {
    checkCalendar(form, query.calendarId, query.studioId);
    checkAppointmentType(allowedTypeIds(resolveBookingField(form, query.fieldId)), query.appointmentTypeId);
    const search = await loadSearch(tx, form.organizationId, {
      calendarId: query.calendarId,
      appointmentTypeId: query.appointmentTypeId,
      startMs,
      endMs,
      resourceId: query.resourceId,
      publicOnly: true,
      onlyAvailable: query.onlyAvailable === 'true',
      nowMs: ctx.clock.now(),
    });
    return withLinks(ctx, tx, form.organizationId, search);
  });
  const { loaded } = linked;
  const { input, failed } = await externalSearchInput(ctx, linked);
  const type = loaded.appointmentType;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    data: searchAvailability(input).map((candidate) => {
      const resource = loaded.resources.get(candidate.resourceId)!;
      return {
        resourceId: resource.id,
        resourceName: resource.name,
        resourceColor: resource.color,
        resourceSlotId: candidate.resourceSlotId,
        appointmentTypeId: type.id,
        startDateTime: iso(candidate.startMs),
        endDateTime: iso(candidate.endMs),
        maxParallelBookings: candidate.maxParallelBookings,
        currentBookings: candidate.currentBookings,
        available: candidate.available,
        ...(failed.has(resource.id) ? { unavailableReason: EXTERNAL_CALENDAR_UNAVAILABLE_REASON } : {}),
      };
    }),
    meta: {
      appointmentTypeName: type.name,
      bookingLength: type.bookingLength,
      searchLength: type.searchLength,
    },
  };
}
