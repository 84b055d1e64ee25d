/**
 * `service.admin`: the typed console API. Every action runs in its own transaction; lead actions take
 * an optional `memberId` that goes into the event trigger context (`apiTokenId` null).
 *
 * @module
 */
import type {
  ApiTokenInput,
  AppointmentTypeInput,
  AppointmentTypeMeetingsInput,
  AppointmentTypeNotificationsInput,
  BookingRules,
  BlockerInput,
  CalendarInput,
  CreateTableEntryBody,
  CustomFieldInput,
  FormInput,
  LeadStateInput,
  OrganizationInput,
  PatchTableEntryBody,
  ResourceInput,
  ResourceSlotInput,
  ScheduleTypeInput,
  SeedFixture,
  ServiceEvent,
  TableEntry,
  TableInput,
  TriggerContext,
} from '@leadbook/contract';
import { readTx, type ServiceContext } from '../core/context';
import { runUnit } from '../core/unit-of-work';
import { createEntry, updateEntry } from '../usecases/leads';
import * as catalog from './catalog';
import * as forms from './forms';
import { setAppointmentTypeMeetingsTx } from './meetings';
import { setBookingRulesTx } from './booking-rules';
import { getAppointmentTypeNotificationsTx, setAppointmentTypeNotificationsTx } from './notifications';
import { createIngressAdmin } from './ingress';
import { createWebhookSubscriptionsAdmin } from './webhook-subscriptions';
import { createExternalCalendarsAdmin } from './external-calendars';
import { createCalendarFeedsAdmin } from './calendar-feeds';
import * as orgs from './organizations';
import * as tables from './tables';
import { seed, type SeedResult } from './seed';

/** Options of a console action that touches leads. */
export interface ConsoleActionOptions {
  /** The console member acting; goes into the trigger context. */
  memberId?: string | null;
}

const consoleTrigger = (options: ConsoleActionOptions = {}): TriggerContext => ({
  source: 'console',
  apiTokenId: null,
  memberId: options.memberId ?? null,
});

/** Creates the console API over a service context. */
export function createAdminApi(ctx: ServiceContext) {
  const unit = <T>(fn: Parameters<typeof runUnit<T>>[1]) => runUnit(ctx, fn);
  return {
    /** Organizations (tenants). */
    organizations: {
      /** Creates an organization; `resourcePlanner` defaults to true. */
      create: (input: OrganizationInput) => unit((tx) => orgs.createOrganizationTx(ctx, tx, input)),
      /** The organization, or null. */
      get: (id: string) => unit((tx) => tx.organizations.get(id)),
    },
    /** Connect API tokens. */
    apiTokens: {
      /** Creates a token; the result's `token` is the only time the secret is shown. */
      create: (organizationId: string, input: ApiTokenInput) =>
        unit((tx) => orgs.createApiTokenTx(ctx, tx, organizationId, input)),
      /** Revokes a token; it fails with 401 from the next request on. */
      revoke: (organizationId: string, id: string) =>
        unit((tx) => orgs.revokeApiTokenTx(ctx, tx, organizationId, id)),
      /** Lists tokens (never secrets or digests). */
      list: (organizationId: string) => unit((tx) => orgs.listApiTokensTx(tx, organizationId)),
    },
    /** Calendars. */
    calendars: {
      /** Creates a calendar in an IANA zone. */
      create: (organizationId: string, input: CalendarInput) =>
        unit((tx) => catalog.createCalendarTx(ctx, tx, organizationId, input)),
    },
    /** Legacy schedule types. */
    scheduleTypes: {
      /** Creates a schedule type on a calendar. */
      create: (organizationId: string, input: ScheduleTypeInput) =>
        unit((tx) => catalog.createScheduleTypeTx(ctx, tx, organizationId, input)),
    },
    /** Lead pools. */
    tables: {
      /** Creates a pool with lead states (one default) and custom fields. */
      create: (organizationId: string, input: TableInput) =>
        unit((tx) => tables.createTableTx(ctx, tx, organizationId, input)),
    },
    /** Lead states. */
    leadStates: {
      /** Adds a lead state to a pool. */
      create: (organizationId: string, tableId: string, input: LeadStateInput) =>
        unit((tx) => tables.createLeadStateTx(ctx, tx, { org: organizationId, tableId }, input)),
      /** Makes a state its pool's only default. */
      setDefault: (organizationId: string, leadStateId: string) =>
        unit((tx) => tables.setDefaultLeadStateTx(tx, organizationId, leadStateId)),
    },
    /** Custom fields. */
    customFields: {
      /** Adds a custom field to a pool. */
      create: (organizationId: string, tableId: string, input: CustomFieldInput) =>
        unit((tx) => tables.createCustomFieldTx(ctx, tx, { org: organizationId, tableId }, input)),
    },
    /** Appointment types. */
    appointmentTypes: {
      /** Creates an appointment type. */
      create: (organizationId: string, input: AppointmentTypeInput) =>
        unit((tx) => catalog.createAppointmentTypeTx(ctx, tx, organizationId, input)),
      /** Deletes a type; leads interested in it get `interestedInAppointmentTypeId: null`. */
      delete: (organizationId: string, id: string) =>
        unit((tx) => catalog.deleteAppointmentTypeTx(ctx, tx, organizationId, id)),
      /**
       * Turns video meetings on for the type's bookings (`{ provider, hosts }`, the host user per
       * resource id) or off (`null`); returns the stored type with its `meetings` setting.
       */
      setMeetings: (organizationId: string, id: string, input: AppointmentTypeMeetingsInput) =>
        unit((tx) => setAppointmentTypeMeetingsTx(ctx, tx, organizationId, { appointmentTypeId: id, input })),
      /**
       * Replaces the type's booking rules (extension): `minimumNoticeMinutes`, `horizonDays`,
       * `bufferBeforeMinutes`, `bufferAfterMinutes`, `maxBookingsPerResourcePerDay`; a rule absent
       * or null is off. Returns the stored type.
       *
       * @example
       * ```ts
       * await service.admin.appointmentTypes.setRules(orgId, typeId, {
       *   minimumNoticeMinutes: 120,
       *   horizonDays: 60,
       *   bufferAfterMinutes: 15,
       * });
       * ```
       */
      setRules: (organizationId: string, id: string, input: BookingRules) =>
        unit((tx) => setBookingRulesTx(ctx, tx, organizationId, { appointmentTypeId: id, input })),
      /**
       * Turns booking notifications on for the type (extension) or off (`null`): confirmation,
       * reschedule and cancellation emails (each on unless set false), reminders at up to
       * `MAX_NOTIFICATION_REMINDERS` offsets in minutes before the start, the sender and reply-to.
       * Returns the stored setting. The service sends them when it was given a `notifications.notifier`.
       *
       * @example
       * ```ts
       * await service.admin.appointmentTypes.setNotifications(orgId, typeId, {
       *   reminderMinutesBefore: [24 * 60, 60],
       *   from: { email: 'bookings@example.com', name: 'Yoga Studio' },
       *   replyTo: 'front-desk@example.com',
       * });
       * ```
       */
      setNotifications: (organizationId: string, id: string, input: AppointmentTypeNotificationsInput) =>
        unit((tx) =>
          setAppointmentTypeNotificationsTx(ctx, tx, organizationId, { appointmentTypeId: id, input }),
        ),
      /** The type's notification setting (extension), or null when it sends none. */
      getNotifications: (organizationId: string, id: string) =>
        readTx(ctx, (tx) => getAppointmentTypeNotificationsTx(tx, organizationId, id)),
    },
    /** Resources. */
    resources: {
      /** Creates a resource and its mappings. */
      create: (organizationId: string, input: ResourceInput) =>
        unit((tx) => catalog.createResourceTx(ctx, tx, organizationId, input)),
    },
    /** Resource slots. */
    resourceSlots: {
      /** Creates a weekly window. */
      create: (organizationId: string, input: ResourceSlotInput) =>
        unit((tx) => catalog.createResourceSlotTx(ctx, tx, organizationId, input)),
    },
    /** Blockers. */
    blockers: {
      /** Creates a blocker. */
      create: (organizationId: string, input: BlockerInput) =>
        unit((tx) => catalog.createBlockerTx(ctx, tx, organizationId, input)),
    },
    /** Mappings. */
    mappings: {
      /** Links a resource to a calendar. */
      linkResourceToCalendar: (organizationId: string, resourceId: string, calendarId: string) =>
        unit((tx) => catalog.linkResourceToCalendarTx(ctx, tx, organizationId, { resourceId, calendarId })),
      /** Links an appointment type to a resource. */
      linkAppointmentTypeToResource: (
        organizationId: string,
        appointmentTypeId: string,
        resourceId: string,
      ) =>
        unit((tx) =>
          catalog.linkAppointmentTypeToResourceTx(ctx, tx, organizationId, { appointmentTypeId, resourceId }),
        ),
    },
    /** Lead entries, as a console member changes them (fires the same events as Connect). */
    entries: {
      /** Creates a lead. */
      create: (
        organizationId: string,
        body: CreateTableEntryBody,
        options?: ConsoleActionOptions,
      ): Promise<TableEntry> => createEntry(ctx, organizationId, body, consoleTrigger(options)),
      /** Merge-patches a lead. */
      update: (
        organizationId: string,
        id: string,
        patch: PatchTableEntryBody,
        options?: ConsoleActionOptions,
      ): Promise<TableEntry> =>
        updateEntry(ctx, { organizationId, id, patch, trigger: consoleTrigger(options) }),
    },
    /** Ingress webhooks: tokens shown once, rotation, delete. */
    ingressWebhooks: createIngressAdmin(ctx),
    /** Webhook subscriptions to the automation events: secrets shown once, rotation, delivery log, ping. */
    webhookSubscriptions: createWebhookSubscriptionsAdmin(ctx),
    /** Links of resources to external calendars (an extension): connections sealed, never returned. */
    externalCalendars: createExternalCalendarsAdmin(ctx),
    /** iCalendar feeds of resources' bookings at secret URLs (an extension): tokens shown once, rotation. */
    calendarFeeds: createCalendarFeedsAdmin(ctx),
    /** Public forms. */
    forms: {
      /** Creates a form (unpublished unless `published: true`); the webhook secret is generated. */
      create: (organizationId: string, input: FormInput) =>
        unit((tx) => forms.createFormTx(ctx, tx, organizationId, input)),
      /** Replaces a form's settings. */
      update: (organizationId: string, id: string, input: FormInput) =>
        unit((tx) => forms.updateFormTx(ctx, tx, { org: organizationId, id }, input)),
      /** Publishes a form. */
      publish: (organizationId: string, id: string) =>
        unit((tx) => forms.setFormPublishedTx(ctx, tx, { org: organizationId, id }, true)),
      /** Unpublishes a form: its public endpoints answer 404. */
      unpublish: (organizationId: string, id: string) =>
        unit((tx) => forms.setFormPublishedTx(ctx, tx, { org: organizationId, id }, false)),
      /** The form (console view, with secrets), or null. */
      get: (organizationId: string, id: string) => unit((tx) => tx.forms.get(organizationId, id)),
      /** Deletes a form. */
      delete: (organizationId: string, id: string) =>
        unit((tx) => forms.deleteFormTx(tx, organizationId, id)),
      /** The form's submissions, oldest first. */
      submissions: (organizationId: string, formId: string) =>
        unit((tx) => tx.formSubmissions.list(organizationId, { formId })),
      /** The form's outgoing webhook deliveries with their attempts, oldest first. */
      deliveries: (organizationId: string, formId: string) =>
        unit((tx) => tx.webhookDeliveries.list(organizationId, { formId })),
      /** The form's most recent telemetry events, newest first. */
      telemetry: (organizationId: string, formId: string, options?: { limit?: number }) =>
        unit((tx) => tx.telemetry.list(organizationId, formId, options)),
    },
    /** The activity log. */
    activity: {
      /** The organization's latest events, newest first. */
      list: (organizationId: string, options?: { limit?: number; type?: ServiceEvent['type'] }) =>
        unit((tx) => tx.activity.list(organizationId, options)),
    },
    /** Loads a declarative fixture in one transaction. */
    seed: (fixture: SeedFixture, options?: ConsoleActionOptions): Promise<SeedResult> =>
      seed(ctx, fixture, options),
  };
}

/** The console API. */
export type AdminApi = ReturnType<typeof createAdminApi>;
