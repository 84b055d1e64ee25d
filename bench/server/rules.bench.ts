/**
 * Issue 25 benchmark: availability with every booking rule on against the same search with the
 * rules off, on the standard fixture (90 days across the DST change, 20 resources, 10,000 bookings).
 * "Off": an appointment type without rules and bookings without buffers (SPEC behaviour). "On":
 * 60 minutes of notice, a 130-day horizon (it ends inside the range), 10 minutes of buffer before
 * and 15 after every booking and candidate, at most 12 bookings per resource and local day.
 * Both sides are timed in the same rounds (see `timeRounds`: each as the mean of a short loop, so
 * each pays for its own garbage) and the ratio is taken per round, for the engine and for
 * `GET /connect/availability/` end to end on sql.js (until its bytes are received); the goal is at
 * most 1.3x.
 *
 * @module
 */
import type { SeedFixture } from '@leadbook/contract';
import {
  createConnectService,
  createManualClock,
  createSqlJsStorage,
  type ConnectService,
} from '@leadbook/server';
import {
  searchAvailability,
  type AvailabilitySearchInput,
  type EngineRules,
} from '../../packages/server/src/domain/availability/index';
import { makeStandardFixture } from './availability-baselines';
import { STANDARD_FIXTURE_CLOCK } from './dates';
import { heading, loadAverage, median } from './report';
import { receive } from './receive';
import { ROUNDS, timeRounds } from './rounds';

const GOAL = 1.3;
const TOKEN = `service_live_${'cd'.repeat(32)}`;
const MINUTE = 60_000;

/** Every rule on. */
export const ALL_RULES = {
  minimumNoticeMinutes: 60,
  horizonDays: 130,
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 15,
  maxBookingsPerResourcePerDay: 12,
} as const satisfies EngineRules;

const uuid = (kind: number, index: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

/** The fixture with its bookings carrying the rules' buffers, and the rules. */
function withRules(input: AvailabilitySearchInput): AvailabilitySearchInput {
  return {
    ...input,
    // One literal shape per booking, as the service's loadSearch builds them: a spread copy with
    // two added keys takes another hidden-class path and alone costs the engine ~1.5x.
    bookings: input.bookings.map((b) => ({
      resourceId: b.resourceId,
      startMs: b.startMs,
      endMs: b.endMs,
      bufferBeforeMs: ALL_RULES.bufferBeforeMinutes * MINUTE,
      bufferAfterMs: ALL_RULES.bufferAfterMinutes * MINUTE,
    })),
    rules: ALL_RULES,
  };
}

/** A service on sql.js serving `input` as one calendar and appointment type, its rules set when on. */
async function serve(input: AvailabilitySearchInput, rules: boolean) {
  const storage = await createSqlJsStorage();
  const service = await createConnectService({ storage, clock: createManualClock(STANDARD_FIXTURE_CLOCK) });
  const calendarId = uuid(1, 0);
  const typeId = uuid(2, 0);
  const ids = new Map(input.resources.map((r, i) => [r.id, uuid(3, i)]));
  const fixture: SeedFixture = {
    organizations: [
      {
        id: 'org-rules-bench',
        name: 'Rules bench',
        resourcePlanner: true,
        apiTokens: [{ name: 'bench', scopes: ['read'], token: TOKEN }],
        calendars: [{ id: calendarId, name: 'Bench calendar', tzdata: input.zone }],
        appointmentTypes: [
          {
            id: typeId,
            name: 'Consultation',
            bookingLength: input.bookingLengthMinutes,
            searchLength: input.searchLengthMinutes,
            ...(rules ? ALL_RULES : {}),
          },
        ],
        resources: input.resources.map((r) => ({
          id: ids.get(r.id)!,
          name: r.name,
          color: r.color,
          maxParallelBookings: r.maxParallelBookings,
          calendarIds: [calendarId],
          appointmentTypeIds: [typeId],
        })),
        resourceSlots: input.slots.map((s) => ({
          calendarId,
          resourceId: ids.get(s.resourceId)!,
          weekday: s.weekday,
          startTime: s.startTime,
          endTime: s.endTime,
          validFrom: s.validFrom,
          validUntil: s.validUntil,
        })),
      },
    ],
  };
  const orgId = (await service.admin.seed(fixture)).organizations[0]!.id;
  const trigger = { source: 'console', apiTokenId: null, memberId: null } as const;
  await storage.transaction(async (tx) => {
    for (const [i, b] of input.bookings.entries()) {
      await tx.bookings.create({
        id: uuid(5, i),
        organizationId: orgId,
        calendarId,
        name: null,
        createdAt: new Date(0).toISOString(),
        startDateTime: new Date(b.startMs).toISOString(),
        endDateTime: new Date(b.endMs).toISOString(),
        startMs: b.startMs,
        endMs: b.endMs,
        tableEntryId: null,
        resourceId: ids.get(b.resourceId)!,
        appointmentTypeId: typeId,
        resourceSlotId: null,
        calendarScheduleTypeId: null,
        calendarScheduleTypeSlotId: null,
        trigger,
        ...(b.bufferBeforeMs ? { bufferBeforeMs: b.bufferBeforeMs } : {}),
        ...(b.bufferAfterMs ? { bufferAfterMs: b.bufferAfterMs } : {}),
      });
    }
  });
  const query = new URLSearchParams({
    calendarId,
    appointmentTypeId: typeId,
    start: new Date(input.rangeStartMs).toISOString(),
    end: new Date(input.rangeEndMs).toISOString(),
  });
  const url = `http://bench.local/connect/availability/?${query}`;
  const search = async () => {
    const response = await service.fetch(new Request(url, { headers: { authorization: `Bearer ${TOKEN}` } }));
    if (response.status !== 200) throw new Error(`availability: ${response.status} ${await response.text()}`);
    return receive(response);
  };
  return { service, search };
}

/**
 * `off` and `on` timed in the same rounds: the median of each, the median of the per-round ratios
 * and their quartiles.
 */
async function inRounds(off: () => unknown, on: () => unknown) {
  const rounds = await timeRounds({ off, on });
  const ratios = rounds.map((round) => round.on / round.off).sort((a, b) => a - b);
  return {
    off: median(rounds.map((round) => round.off)),
    on: median(rounds.map((round) => round.on)),
    ratio: median(ratios),
    quartiles: [
      ratios[Math.floor(ratios.length / 4)]!,
      ratios[Math.floor((3 * ratios.length) / 4)]!,
    ] as const,
  };
}

function row(label: string, result: Awaited<ReturnType<typeof inRounds>>): void {
  const meets = result.ratio <= GOAL ? 'meets' : 'ABOVE';
  const [low, high] = result.quartiles;
  console.log(
    `${label.padEnd(44)} off ${result.off.toFixed(1).padStart(7)} ms  on ${result.on.toFixed(1).padStart(7)} ms  ` +
      `on/off ${result.ratio.toFixed(2)}x [quartiles ${low.toFixed(2)}-${high.toFixed(2)}] (goal <= ${GOAL}x: ${meets})`,
  );
}

export async function benchRules(): Promise<void> {
  heading('Availability with every booking rule on vs off (standard fixture, rounds of both)');
  const plain = makeStandardFixture({ days: 90, resources: 20, seed: 42 });
  const ruled = withRules(plain);
  const nowMs = STANDARD_FIXTURE_CLOCK;
  const offInput = { ...plain, nowMs };
  const onInput = { ...ruled, nowMs };
  const offResult = searchAvailability(offInput);
  const onResult = searchAvailability(onInput);
  const count = (list: typeof offResult) => list.filter((c) => c.available).length;
  console.log(
    `rules ${JSON.stringify(ALL_RULES)}; candidates ${offResult.length} (both), ` +
      `available ${count(offResult)} off, ${count(onResult)} on`,
  );
  row(
    'engine (searchAvailability)',
    await inRounds(
      () => searchAvailability(offInput),
      () => searchAvailability(onInput),
    ),
  );

  let off: { service: ConnectService; search: () => Promise<number> } | undefined;
  let on: typeof off;
  try {
    off = await serve(plain, false);
    on = await serve(ruled, true);
    row('GET /connect/availability/ end to end (sql.js)', await inRounds(off.search, on.search));
  } finally {
    await off?.service.close();
    await on?.service.close();
  }
  console.log(`  ${ROUNDS} rounds; load average now ${loadAverage()}`);
}
