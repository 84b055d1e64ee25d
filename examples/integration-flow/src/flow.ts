import type {
  AppointmentType,
  AvailabilitySlot,
  Calendar,
  CalendarBooking,
  LeadState,
  TableDetail,
  TableEntry,
  ConnectClient,
} from '@leadbook/sdk';

/** What each step of the flow found or created. */
export interface FlowResult {
  calendar: Calendar;
  appointmentType: AppointmentType;
  /** The free slots of step 3. */
  slots: AvailabilitySlot[];
  pool: TableDetail;
  defaultLeadState: LeadState;
  lead: TableEntry;
  booking: CalendarBooking;
  /** Booking attempts: more than 1 when another booking took the slot first. */
  attempts: number;
}

export interface FlowOptions {
  /** Where each step reports. Default: nowhere. */
  log?: (line: string) => void;
  /** The lead's data. */
  leadData?: Record<string, unknown>;
  /** How many days ahead to look for a slot. Default: 14. */
  days?: number;
}

const sameSlot = (a: AvailabilitySlot, b: AvailabilitySlot) =>
  a.resourceId === b.resourceId &&
  a.resourceSlotId === b.resourceSlotId &&
  a.startDateTime === b.startDateTime;

/**
 * The usual integration flow of the spec (section 1): list calendars, list appointment types, check
 * availability, read a Lead Pool and its default lead state, create a lead, and book it. One client
 * with a `write` token does it all (`write` includes `read`).
 */
export async function runIntegrationFlow(
  client: ConnectClient,
  options: FlowOptions = {},
): Promise<FlowResult> {
  const log = options.log ?? (() => undefined);
  const start = new Date(Date.now() + 60 * 60_000);
  const end = new Date(start.getTime() + (options.days ?? 14) * 86_400_000);

  // 1. Calendars.
  const calendars = (await client.calendars.list()).filter((calendar) => !calendar.archived);
  log(`1. ${calendars.length} calendars: ${calendars.map((c) => `${c.name} (${c.tzdata})`).join(', ')}`);

  // 2. Appointment types.
  const types = (await client.appointmentTypes.list()).filter((type) => !type.archived);
  log(
    `2. ${types.length} appointment types: ${types.map((t) => `${t.name} (${t.bookingLength} min)`).join(', ')}`,
  );

  // 3. Availability: the first calendar and appointment type with a free slot. The mappings say which
  //    appointment types a calendar's resources offer, which saves searches that cannot succeed.
  let found: { calendar: Calendar; appointmentType: AppointmentType; slots: AvailabilitySlot[] } | undefined;
  search: for (const calendar of calendars) {
    const links = await client.appointmentTypeResourceMappings.list({ calendarId: calendar.id });
    const bookable = new Set(links.map((link) => link.appointmentTypeId));
    for (const appointmentType of types.filter((type) => bookable.has(type.id))) {
      const { data } = await client.availability.search({
        calendarId: calendar.id,
        appointmentTypeId: appointmentType.id,
        start,
        end,
        onlyAvailable: true,
      });
      if (data.length > 0) {
        found = { calendar, appointmentType, slots: data };
        break search;
      }
    }
  }
  if (!found)
    throw new Error(`No free slot on any calendar between ${start.toISOString()} and ${end.toISOString()}`);
  const { calendar, appointmentType, slots } = found;
  const chosen = slots[0]!;
  log(
    `3. ${slots.length} free slots for ${appointmentType.name} on ${calendar.name}; ` +
      `first: ${chosen.startDateTime} with ${chosen.resourceName}`,
  );

  // 4. A Lead Pool and its default lead state.
  const [first] = await client.tables.list();
  if (!first) throw new Error('The organization has no Lead Pool');
  const pool = await client.tables.get(first.id);
  const defaultLeadState = pool.leadStates.find((state) => state.default);
  if (!defaultLeadState) throw new Error(`Lead Pool ${pool.name} has no default lead state`);
  log(`4. Lead Pool ${pool.name}, default lead state ${defaultLeadState.name}`);

  // 5. A lead.
  const lead = await client.leads.create({
    tableId: pool.id,
    leadStateId: defaultLeadState.id,
    data: options.leadData ?? { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  });
  log(`5. Lead ${lead.id} created`);

  // 6. A booking linked to the lead: the slot of step 3 if it is still free, else the next one.
  const { booking, attempts } = await client.bookFirstAvailable({
    calendarId: calendar.id,
    appointmentTypeId: appointmentType.id,
    start,
    end,
    entryId: lead.id,
    pick: (candidates) => candidates.find((slot) => sameSlot(slot, chosen)) ?? candidates[0],
  });
  log(
    `6. Booking ${booking.id} at ${booking.startDateTime} (lead state ${booking.leadStateName}), ` +
      `${attempts} attempt${attempts === 1 ? '' : 's'}`,
  );

  return { calendar, appointmentType, slots, pool, defaultLeadState, lead, booking, attempts };
}
