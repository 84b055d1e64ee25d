/**
 * The console's booking rules of an appointment type (extension): minimum notice, horizon,
 * buffers and the daily limit per resource.
 *
 * @module
 */
import { BOOKING_RULE_NAMES, BookingRulesSchema, type BookingRules } from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../core/context';
import type { AppointmentTypeRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { mustGet } from './access';
import { parseInput } from './parse';

/** The rules given, without the ones that are off (absent or null). */
export function rulesSet(rules: BookingRules): BookingRules {
  const set: Record<string, number> = {};
  for (const name of BOOKING_RULE_NAMES) {
    const value = rules[name];
    if (value !== null && value !== undefined) set[name] = value;
  }
  return set;
}

/**
 * Replaces the rules of an appointment type: the rules named are set, every other one is off. New
 * availability searches, holds, bookings and reschedules follow them at once; existing bookings keep
 * the buffers they were booked with.
 *
 * @throws ServiceError: 400 for a rule out of bounds, 404 for an unknown appointment type.
 */
export async function setBookingRulesTx(
  ctx: ServiceContext,
  tx: Repositories,
  org: string,
  { appointmentTypeId, input }: { appointmentTypeId: string; input: BookingRules },
): Promise<AppointmentTypeRecord> {
  const rules = rulesSet(parseInput(BookingRulesSchema, input, 'booking rules'));
  const type = await mustGet(tx, 'appointmentTypes', org, appointmentTypeId);
  const record: AppointmentTypeRecord = { ...type, updatedAt: nowIso(ctx) };
  for (const name of BOOKING_RULE_NAMES) delete record[name];
  Object.assign(record, rules);
  await tx.appointmentTypes.update(record);
  return record;
}
