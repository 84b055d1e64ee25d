/**
 * Every repository of the port, bound to one transaction's executor.
 *
 * @module
 */
import type { Repositories } from '../../../ports/storage';
import type { SqlExecutor } from '../connection';
import { bookingRepository } from './bookings';
import {
  customFieldRepository,
  leadStateRepository,
  tableEntryRepository,
  tableRepository,
  tableSchemaRepository,
} from './leads';
import {
  appointmentTypeRepository,
  appointmentTypeResourceMappingRepository,
  blockerRepository,
  calendarRepository,
  resourceCalendarMappingRepository,
  resourceRepository,
  resourceSlotRepository,
  scheduleTypeRepository,
} from './lookups';
import { activityRepository, idempotencyRepository, jobRepository } from './system';
import { apiTokenRepository, organizationRepository } from './tenants';

/** The repositories of one transaction, all running their statements through `exec`. */
export function createRepositories(exec: SqlExecutor): Repositories {
  return {
    organizations: organizationRepository(exec),
    apiTokens: apiTokenRepository(exec),
    calendars: calendarRepository(exec),
    scheduleTypes: scheduleTypeRepository(exec),
    tables: tableRepository(exec),
    leadStates: leadStateRepository(exec),
    tableSchemas: tableSchemaRepository(exec),
    customFields: customFieldRepository(exec),
    entries: tableEntryRepository(exec),
    appointmentTypes: appointmentTypeRepository(exec),
    resources: resourceRepository(exec),
    resourceSlots: resourceSlotRepository(exec),
    blockers: blockerRepository(exec),
    resourceCalendarMappings: resourceCalendarMappingRepository(exec),
    appointmentTypeResourceMappings: appointmentTypeResourceMappingRepository(exec),
    bookings: bookingRepository(exec),
    activity: activityRepository(exec),
    jobs: jobRepository(exec),
    idempotency: idempotencyRepository(exec),
  };
}
