/**
 * `admin.seed(fixture)`: loads a declarative fixture in one transaction. References may name an
 * item by id or by its (unique) name; any error rolls everything back and names the fixture path.
 *
 * @module
 */
import { SeedFixtureSchema, type SeedFixture, type TriggerContext } from '@leadbook/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../core/context';
import { isServiceError, ServiceError } from '../core/errors';
import { runUnit, type Unit } from '../core/unit-of-work';
import { insertEntry } from '../usecases/leads';
import * as catalog from './catalog';
import { createApiTokenTx, createOrganizationTx, type CreatedApiToken } from './organizations';
import { parseInput } from './parse';
import { createTableTx } from './tables';

/** What `seed()` created, by name, so tests and demos can find ids and the one-time tokens. */
export interface SeededOrganization {
  /** Organization id. */
  id: string;
  /** Organization name. */
  name: string;
  /** Created tokens by name, with their secrets (shown once). */
  tokens: Record<string, CreatedApiToken>;
  /** Calendar ids by name. */
  calendars: Record<string, string>;
  /** Pools by name, with lead-state and custom-field ids by name. */
  tables: Record<
    string,
    { id: string; leadStates: Record<string, string>; customFields: Record<string, string> }
  >;
  /** Appointment type ids by name. */
  appointmentTypes: Record<string, string>;
  /** Resource ids by name. */
  resources: Record<string, string>;
  /** Resource slot ids in fixture order. */
  resourceSlots: string[];
  /** Blocker ids in fixture order. */
  blockers: string[];
  /** Entry ids in fixture order. */
  entries: string[];
}

/** The result of `seed()`. */
export interface SeedResult {
  /** One item per fixture organization, in order. */
  organizations: SeededOrganization[];
}

type OrgFixture = z.output<typeof SeedFixtureSchema>['organizations'][number];

/** Resolves fixture references (id or unique name) of one kind. */
class Names {
  private readonly byName = new Map<string, string[]>();
  private readonly ids = new Set<string>();
  constructor(private readonly kind: string) {}
  add(name: string, id: string) {
    this.byName.set(name, [...(this.byName.get(name) ?? []), id]);
    this.ids.add(id);
  }
  resolve(ref: string): string {
    if (this.ids.has(ref)) return ref;
    const found = this.byName.get(ref) ?? [];
    if (found.length === 1) return found[0]!;
    throw new ServiceError(
      'validation',
      found.length > 1
        ? `${this.kind} name "${ref}" is ambiguous; use its id`
        : `unknown ${this.kind} "${ref}"`,
    );
  }
}

async function at<T>(path: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!isServiceError(error)) throw error;
    throw new ServiceError(error.kind, `Invalid fixture at ${path}: ${error.message}`, {
      details: error.details?.map((d) => ({ ...d, path: `${path}.${d.path}` })) ?? [
        { path, message: error.message },
      ],
    });
  }
}

async function seedOrganization(
  ctx: ServiceContext,
  { tx, emit }: Pick<Unit, 'tx' | 'emit'>,
  fx: OrgFixture,
  { path, trigger }: { path: string; trigger: TriggerContext },
): Promise<SeededOrganization> {
  const {
    apiTokens,
    calendars,
    tables,
    appointmentTypes,
    resources,
    resourceSlots,
    blockers,
    entries,
    ...orgInput
  } = fx;
  const org = await at(path, () => createOrganizationTx(ctx, tx, orgInput));
  const out: SeededOrganization = {
    id: org.id,
    name: org.name,
    tokens: {},
    calendars: {},
    tables: {},
    appointmentTypes: {},
    resources: {},
    resourceSlots: [],
    blockers: [],
    entries: [],
  };
  const names = {
    calendar: new Names('calendar'),
    table: new Names('lead pool'),
    type: new Names('appointment type'),
    resource: new Names('resource'),
  };
  for (const [i, token] of apiTokens.entries()) {
    out.tokens[token.name] = await at(`${path}.apiTokens[${i}]`, () =>
      createApiTokenTx(ctx, tx, org.id, token),
    );
  }
  for (const [i, { scheduleTypes, ...calendar }] of calendars.entries()) {
    const created = await at(`${path}.calendars[${i}]`, () =>
      catalog.createCalendarTx(ctx, tx, org.id, calendar),
    );
    names.calendar.add(created.name, created.id);
    out.calendars[created.name] = created.id;
    for (const [j, type] of scheduleTypes.entries()) {
      await at(`${path}.calendars[${i}].scheduleTypes[${j}]`, () =>
        catalog.createScheduleTypeTx(ctx, tx, org.id, { ...type, calendarId: created.id }),
      );
    }
  }
  for (const [i, table] of tables.entries()) {
    const created = await at(`${path}.tables[${i}]`, () => createTableTx(ctx, tx, org.id, table));
    names.table.add(created.table.name, created.table.id);
    out.tables[created.table.name] = {
      id: created.table.id,
      leadStates: Object.fromEntries(created.leadStates.map((s) => [s.name, s.id])),
      customFields: Object.fromEntries(created.customFields.map((f) => [f.name, f.id])),
    };
  }
  for (const [i, type] of appointmentTypes.entries()) {
    const created = await at(`${path}.appointmentTypes[${i}]`, () =>
      catalog.createAppointmentTypeTx(ctx, tx, org.id, type),
    );
    names.type.add(created.name, created.id);
    out.appointmentTypes[created.name] = created.id;
  }
  for (const [i, resource] of resources.entries()) {
    const created = await at(`${path}.resources[${i}]`, async () =>
      catalog.createResourceTx(ctx, tx, org.id, {
        ...resource,
        calendarIds: resource.calendarIds.map((ref) => names.calendar.resolve(ref)),
        appointmentTypeIds: resource.appointmentTypeIds.map((ref) => names.type.resolve(ref)),
      }),
    );
    names.resource.add(created.name, created.id);
    out.resources[created.name] = created.id;
  }
  for (const [i, slot] of resourceSlots.entries()) {
    const created = await at(`${path}.resourceSlots[${i}]`, async () =>
      catalog.createResourceSlotTx(ctx, tx, org.id, {
        ...slot,
        calendarId: names.calendar.resolve(slot.calendarId),
        resourceId: names.resource.resolve(slot.resourceId),
      }),
    );
    out.resourceSlots.push(created.id);
  }
  for (const [i, blocker] of blockers.entries()) {
    const created = await at(`${path}.blockers[${i}]`, async () =>
      catalog.createBlockerTx(ctx, tx, org.id, {
        ...blocker,
        calendarId: names.calendar.resolve(blocker.calendarId),
        resourceId: blocker.resourceId === null ? null : names.resource.resolve(blocker.resourceId),
      }),
    );
    out.blockers.push(created.id);
  }
  for (const [i, entry] of entries.entries()) {
    const created = await at(`${path}.entries[${i}]`, async () => {
      const tableId = names.table.resolve(entry.tableId);
      const table = (await tx.tables.get(org.id, tableId))!;
      const states = await tx.leadStates.list(org.id, { tableId });
      const state = entry.leadStateId
        ? states.find((s) => s.id === entry.leadStateId || s.name === entry.leadStateId)
        : states.find((s) => s.default);
      if (!state)
        throw new ServiceError(
          'validation',
          entry.leadStateId
            ? `unknown lead state "${entry.leadStateId}"`
            : 'the pool has no default lead state',
        );
      return insertEntry(
        ctx,
        { tx, emit },
        {
          table,
          leadStateId: state.id,
          data: entry.data,
          customFieldData: entry.customFieldData,
          trigger,
          leadStateEvent: true,
        },
      );
    });
    out.entries.push(created.id);
  }
  return out;
}

/** Loads a fixture in one transaction; all or nothing. */
export async function seed(
  ctx: ServiceContext,
  fixture: SeedFixture,
  options: { memberId?: string | null } = {},
): Promise<SeedResult> {
  const parsed = parseInput(SeedFixtureSchema, fixture, 'fixture');
  const trigger: TriggerContext = { source: 'console', apiTokenId: null, memberId: options.memberId ?? null };
  return runUnit(ctx, async (tx, emit) => {
    const organizations: SeededOrganization[] = [];
    for (const [i, org] of parsed.organizations.entries()) {
      organizations.push(
        await seedOrganization(ctx, { tx, emit }, org, { path: `organizations[${i}]`, trigger }),
      );
    }
    return { organizations };
  });
}
