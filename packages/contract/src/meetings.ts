/**
 * Video meetings of bookings (a booking's meeting fields and status): the appointment-type setting
 * that turns them on. An extension of the 2.16.0 API, set through the console API (`service.admin`).
 *
 * @module
 */
import { z } from 'zod';
import { MeetingProviderSchema } from './booking';

/** The longest host user id a setting accepts (Zoom user ids and e-mail addresses fit). */
export const MAX_MEETING_HOST_LENGTH = 200;

/** The most resources one appointment type's meeting setting names. */
export const MAX_MEETING_HOSTS = 500;

const HostUserIdSchema = z.string().trim().min(1).max(MAX_MEETING_HOST_LENGTH);

/**
 * The meeting setting of an appointment type: each booking of the type gets a meeting of `provider`,
 * hosted by the provider user that `hosts` names for the booked resource (a Zoom user id or e-mail).
 */
export const AppointmentTypeMeetingsSchema = z
  .object({
    provider: MeetingProviderSchema.describe('The meeting provider, such as `zoom`'),
    hosts: z
      .record(z.string().uuid(), HostUserIdSchema)
      .refine((hosts) => Object.keys(hosts).length <= MAX_MEETING_HOSTS, {
        message: `At most ${MAX_MEETING_HOSTS} resources may be named`,
      })
      .describe('The host user of each resource, by resource id'),
  })
  .strict();

/** Input of `admin.appointmentTypes.setMeetings`: the setting, or null to turn meetings off. */
export type AppointmentTypeMeetingsInput = z.input<typeof AppointmentTypeMeetingsSchema> | null;
