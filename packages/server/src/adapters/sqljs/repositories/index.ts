/**
 * Every repository of the port, bound to one transaction's executor.
 *
 * @module
 */
import type { Repositories } from '../../../ports/storage';
import type { SqlExecutor } from '../connection';
import type { SharedState } from './shared';
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
import {
  formRepository,
  formSubmissionRepository,
  ingressWebhookRepository,
  telemetryRepository,
  webhookDeliveryRepository,
} from './forms';
import { activityRepository, idempotencyRepository, jobRepository } from './system';
import { apiTokenRepository, organizationRepository } from './tenants';

const FACTORIES: {
  [K in keyof Repositories]: (exec: SqlExecutor, shared: SharedState) => Repositories[K];
} = {
  organizations: organizationRepository,
  apiTokens: apiTokenRepository,
  calendars: calendarRepository,
  scheduleTypes: scheduleTypeRepository,
  tables: tableRepository,
  leadStates: leadStateRepository,
  tableSchemas: tableSchemaRepository,
  customFields: customFieldRepository,
  entries: tableEntryRepository,
  appointmentTypes: appointmentTypeRepository,
  resources: resourceRepository,
  resourceSlots: resourceSlotRepository,
  blockers: blockerRepository,
  resourceCalendarMappings: resourceCalendarMappingRepository,
  appointmentTypeResourceMappings: appointmentTypeResourceMappingRepository,
  bookings: bookingRepository,
  activity: activityRepository,
  jobs: jobRepository,
  idempotency: idempotencyRepository,
  forms: formRepository,
  formSubmissions: formSubmissionRepository,
  webhookDeliveries: webhookDeliveryRepository,
  ingressWebhooks: ingressWebhookRepository,
  telemetry: telemetryRepository,
};

// Built once: one getter per repository on a shared prototype, so opening a transaction allocates
// one small object instead of defining two dozen properties on a fresh one.
class TransactionRepositories {
  readonly built: Partial<Record<keyof Repositories, unknown>> = {};
  constructor(
    readonly exec: SqlExecutor,
    readonly shared: SharedState,
  ) {}
}
for (const name of Object.keys(FACTORIES) as Array<keyof Repositories>) {
  Object.defineProperty(TransactionRepositories.prototype, name, {
    enumerable: true,
    get(this: TransactionRepositories) {
      return (this.built[name] ??= FACTORIES[name](this.exec, this.shared));
    },
  });
}

/**
 * The repositories of one transaction, all running their statements through `exec`. Each is built
 * on first use: a transaction touches two or three of them, so building all would be waste.
 */
export function createRepositories(exec: SqlExecutor, shared: SharedState): Repositories {
  return new TransactionRepositories(exec, shared) as unknown as Repositories;
}
