/**
 * The console's meeting setting of an appointment type: which provider makes the meetings of its
 * bookings, and which provider user hosts them for each resource.
 *
 * @module
 */
import { AppointmentTypeMeetingsSchema, type AppointmentTypeMeetingsInput } from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { AppointmentTypeRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { mustGet } from './access';
import { parseInput } from './parse';

const invalid = (path: string, message: string) =>
  new ServiceError('validation', `Invalid meeting setting: ${path}: ${message}`, {
    details: [{ path, message }],
  });

/**
 * Turns meetings on (a setting) or off (null) for an appointment type. The provider must be one the
 * service was given (`meetings.providers`) and every resource named in `hosts` must exist. Bookings
 * made from then on follow the setting; existing bookings keep their meetings.
 *
 * @throws ServiceError: 400 for a bad setting, 404 for an unknown appointment type.
 */
export async function setAppointmentTypeMeetingsTx(
  ctx: ServiceContext,
  tx: Repositories,
  org: string,
  { appointmentTypeId, input }: { appointmentTypeId: string; input: AppointmentTypeMeetingsInput },
): Promise<AppointmentTypeRecord> {
  const setting = parseInput(AppointmentTypeMeetingsSchema.nullable(), input, 'meeting setting');
  const type = await mustGet(tx, 'appointmentTypes', org, appointmentTypeId);
  if (setting) {
    if (!ctx.meetings.providers.has(setting.provider)) {
      throw invalid(
        'provider',
        `no meeting provider "${setting.provider}" is configured (createConnectService({ meetings: { providers } }))`,
      );
    }
    const resources = new Set((await tx.resources.list(org)).map((resource) => resource.id));
    const unknown = Object.keys(setting.hosts).filter((id) => !resources.has(id));
    if (unknown.length > 0) throw invalid(`hosts.${unknown[0]}`, 'unknown resource of this organization');
  }
  const record: AppointmentTypeRecord = { ...type, meetings: setting, updatedAt: nowIso(ctx) };
  await tx.appointmentTypes.update(record);
  return record;
}
