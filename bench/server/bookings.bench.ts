/**
 * Issue 4 benchmark: sequential booking creation through the booking use case (`createBooking`, no
 * HTTP) against its storage floor (issue 21): the raw sql.js loop of `BEGIN` + bounded `COUNT` +
 * `INSERT` + `COMMIT` plus the other rows the use case must write (its activity row and two jobs).
 * The raw loop alone is printed beside it.
 *
 * The use case is internal, so this bench wires a `ServiceContext` from the sources the way
 * `createConnectService()` does (sql.js storage, started timer scheduler, event bus). Both sides
 * write a JSON document of the same shape and use the adapter's pragmas.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { TriggerContext } from '@leadbook/contract';
import initSqlJs from 'sql.js';
import { createSqlJsStorage } from '../../packages/server/src/adapters/sqljs';
import { createServiceContext, startJobs } from '../../packages/server/src/compose';
import { createAdminApi } from '../../packages/server/src/admin';
import { runUnit } from '../../packages/server/src/core/unit-of-work';
import type { UnitJobs } from '../../packages/server/src/core/unit-jobs';
import type { BookingRecord } from '../../packages/server/src/ports/records';
import { createBooking, createBookingTx } from '../../packages/server/src/usecases/bookings';
import { bookingFloor } from './booking-floor';
import { requiredBooking } from './booking-required';
import { aMondayAYearAhead } from './dates';
import { heading, median } from './report';

const N = 1000;
const ROUNDS = Number(process.env.BENCH_BOOKING_ROUNDS ?? 7);
const WARMUP = 500;
const SLOT_MS = 30 * 60_000;
/** The longest booking an appointment type allows (24 h): the raw COUNT's lower bound on starts. */
const MAX_LENGTH_MS = 24 * 60 * 60_000;
/** A Monday a year ahead, so that no booking is past and no timer falls due during the run. */
const BASE_MS = aMondayAYearAhead();
const TRIGGER: TriggerContext = { source: 'connect', apiTokenId: randomUUID(), memberId: null };

type Book = (index: number) => unknown;

/**
 * Bookings per second of each side over `ROUNDS` rounds of `N` (after `WARMUP` untimed ones each).
 * Every round runs all sides back to back, in an order rotated per round, so that the machine's drift
 * hits them alike; ratios are taken per round, and their median is reported.
 */
async function interleavedRates(sides: Book[]): Promise<number[][]> {
  const next = sides.map(() => 0);
  for (const [s, book] of sides.entries()) for (; next[s]! < WARMUP; next[s]!++) await book(next[s]!);
  const rounds: number[][] = sides.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < sides.length; k++) {
      const s = (round + k) % sides.length;
      const book = sides[s]!;
      const start = performance.now();
      for (const end = next[s]! + N; next[s]! < end; next[s]!++) await book(next[s]!);
      rounds[s]!.push(N / ((performance.now() - start) / 1000));
    }
  }
  return rounds;
}

function row(label: string, subject: number[], baseline: number[], goal?: number): void {
  const ratio = median(subject.map((value, round) => value / baseline[round]!));
  const verdict =
    goal === undefined ? 'breakdown, no goal' : `goal >= ${goal}x: ${ratio >= goal ? 'meets' : 'BELOW'}`;
  console.log(
    `${label.padEnd(62)} ${median(subject).toFixed(0).padStart(7)} vs ${median(baseline).toFixed(0).padStart(7)} bookings/s  ratio ${ratio.toFixed(2)}x  (${verdict})`,
  );
}

/**
 * The use case on a context wired like `createConnectService()`'s. Bookings go to the resource
 * `Hall`; `otherResources` more resources share its calendar, type and weekly slots.
 */
export async function useCaseSide(otherResources = 0) {
  const names = ['Hall', ...Array.from({ length: otherResources }, (_, i) => `Room ${i + 1}`)];
  const storage = await createSqlJsStorage();
  const ctx = await createServiceContext({ storage });
  const { scheduler } = ctx;
  const seeded = await createAdminApi(ctx).seed({
    organizations: [
      {
        name: 'Booking bench',
        resourcePlanner: true,
        calendars: [{ name: 'Bench calendar', tzdata: 'UTC' }],
        appointmentTypes: [{ name: 'Slot', bookingLength: 30, searchLength: 30 }],
        resources: names.map((name) => ({
          name,
          maxParallelBookings: 10_000,
          calendarIds: ['Bench calendar'],
          appointmentTypeIds: ['Slot'],
        })),
        resourceSlots: names.flatMap((resourceId) =>
          [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
            calendarId: 'Bench calendar',
            resourceId,
            weekday,
            startTime: '00:00',
            endTime: '24:00',
          })),
        ),
      },
    ],
  });
  // Started as in the service, so every schedule() re-arms; jobs fall due a year ahead, none runs here.
  await startJobs(ctx);
  const org = seeded.organizations[0]!;
  /** Booking `index` takes the `index`-th half hour from BASE_MS. */
  const slot = (index: number) => ({
    startMs: BASE_MS + index * SLOT_MS,
    endMs: BASE_MS + (index + 1) * SLOT_MS,
  });
  const body = (index: number) => {
    const { startMs, endMs } = slot(index);
    return {
      calendarId: org.calendars['Bench calendar']!,
      appointmentTypeId: org.appointmentTypes['Slot']!,
      resourceId: org.resources['Hall']!,
      // Slots are in weekday order, Monday first; a client passes the slot availability returned.
      resourceSlotId: org.resourceSlots[(new Date(startMs).getUTCDay() + 6) % 7]!,
      startDateTime: new Date(startMs).toISOString(),
      endDateTime: new Date(endMs).toISOString(),
      name: `Bench booking ${index}`,
    };
  };
  return { ctx, storage, scheduler, orgId: org.id, slot, body };
}

/** The raw sql.js loop, with prepared statements reused. */
async function rawSide() {
  const db = new (await initSqlJs()).Database();
  db.exec(`PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY;
    CREATE TABLE bookings (id TEXT PRIMARY KEY, resource_id TEXT, start_ms REAL, end_ms REAL, doc TEXT);
    CREATE INDEX bookings_by_resource ON bookings (resource_id, start_ms, end_ms);`);
  const begin = db.prepare('BEGIN IMMEDIATE');
  // Bounded on both sides of start_ms, so the index range holds only bookings that can overlap.
  const count = db.prepare(
    'SELECT COUNT(*) FROM bookings WHERE resource_id = ? AND start_ms > ? AND start_ms < ? AND end_ms > ?',
  );
  const insert = db.prepare(
    'INSERT INTO bookings (id, resource_id, start_ms, end_ms, doc) VALUES (?, ?, ?, ?, ?)',
  );
  const commit = db.prepare('COMMIT');
  const resourceId = randomUUID();
  let docBytes = 0;
  const book = (index: number) => {
    const startMs = BASE_MS + index * SLOT_MS;
    const endMs = startMs + SLOT_MS;
    // The same document the use case stores: a full BookingRecord.
    const record: BookingRecord = {
      id: randomUUID(),
      organizationId: 'org',
      calendarId: randomUUID(),
      name: `Bench booking ${index}`,
      createdAt: new Date().toISOString(),
      startDateTime: new Date(startMs).toISOString(),
      endDateTime: new Date(endMs).toISOString(),
      startMs,
      endMs,
      tableEntryId: null,
      resourceId,
      appointmentTypeId: randomUUID(),
      resourceSlotId: randomUUID(),
      calendarScheduleTypeId: null,
      calendarScheduleTypeSlotId: null,
      trigger: TRIGGER,
    };
    const doc = JSON.stringify(record);
    docBytes = doc.length;
    begin.run();
    count.bind([resourceId, startMs - MAX_LENGTH_MS, endMs, startMs]);
    count.step();
    const overlapping = Number(count.get()[0]);
    count.reset();
    if (overlapping >= 10_000) throw new Error('full');
    insert.run([record.id, resourceId, startMs, endMs, doc]);
    commit.run();
  };
  return { db, book, docBytes: () => docBytes };
}

export async function benchBookingCreation(): Promise<void> {
  heading(
    `Sequential booking creation, ${ROUNDS} interleaved rounds of ${N} per side (median ratio), no HTTP`,
  );
  const raw = await rawSide();
  const useCase = await useCaseSide();
  // Breakdown on its own database: the booking transaction without its timers (check, insert,
  // activity row), the jobs it would schedule dropped.
  const lean = await useCaseSide();
  // The same bookings in an organization of 200 resources: a booking reads its own resource's rows.
  const crowded = await useCaseSide(199);
  const noJobs: UnitJobs = { schedule: async () => {}, cancel: async () => {} };
  const leanOptions = { lockKeys: [`resource:${lean.body(0).resourceId}`] };
  // The raw loop plus the use case's other rows, with the bytes of a sample booking's.
  const sampleBooking = await createBooking(useCase.ctx, {
    organizationId: useCase.orgId,
    body: useCase.body(2_000_000),
    trigger: TRIGGER,
  });
  const { book: floor } = await bookingFloor(
    useCase.storage,
    { organizationId: useCase.orgId, bookingId: sampleBooking.id },
    useCase.slot,
    MAX_LENGTH_MS,
  );
  // The floor's rows after the checks the spec requires, written directly, on a copy of the database.
  const { book: required } = await requiredBooking(
    useCase.storage,
    { organizationId: useCase.orgId, bookingId: sampleBooking.id },
    useCase.slot,
    useCase.body,
    MAX_LENGTH_MS,
  );
  try {
    const [rawRounds, useCaseRounds, leanRounds, floorRounds, requiredRounds, crowdedRounds] =
      await interleavedRates([
        raw.book,
        (i) =>
          createBooking(useCase.ctx, {
            organizationId: useCase.orgId,
            body: useCase.body(i),
            trigger: TRIGGER,
          }),
        (i) =>
          runUnit(
            lean.ctx,
            (tx, emit) =>
              createBookingTx(
                lean.ctx,
                { tx, emit, jobs: noJobs },
                { organizationId: lean.orgId, body: lean.body(i), trigger: TRIGGER },
              ),
            leanOptions,
          ),
        floor,
        (i) => required(i, Date.now()),
        (i) =>
          createBooking(crowded.ctx, {
            organizationId: crowded.orgId,
            body: crowded.body(i),
            trigger: TRIGGER,
          }),
      ]);
    const before = useCase.storage.statementCount();
    const last = await createBooking(useCase.ctx, {
      organizationId: useCase.orgId,
      body: useCase.body(1_000_000),
      trigger: TRIGGER,
    });
    const statements = useCase.storage.statementCount() - before;
    const stored = await useCase.storage.transaction((tx) => tx.bookings.get(useCase.orgId, last.id));

    const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    console.log(
      `documents: ${JSON.stringify(stored).length} bytes (use case), ${raw.docBytes()} bytes (raw); ` +
        `SQL statements per booking: ${statements} (use case, timers included) vs 4 (raw)`,
    );
    console.log(
      `rounds, bookings/s (each table grows ${N} per round): raw ${list(rawRounds!)}; ` +
        `use case ${list(useCaseRounds!)}; without timers ${list(leanRounds!)}; ` +
        `raw loop with the use case's rows ${list(floorRounds!)}; ` +
        `with the checks the spec requires ${list(requiredRounds!)}`,
    );
    const perRound = (subject: number[]) =>
      subject.map((value, round) => (value / rawRounds![round]!).toFixed(2)).join(', ');
    console.log(`use case / raw per round: ${perRound(useCaseRounds!)}`);
    row('createBooking use case vs its storage floor', useCaseRounds!, floorRounds!, 0.8);
    row("  the floor: raw loop + the use case's activity row and 2 jobs", floorRounds!, rawRounds!);
    row('  the floor + the reads and checks the spec requires, vs the floor', requiredRounds!, floorRounds!);
    row('  createBooking use case vs the floor + the required checks', useCaseRounds!, requiredRounds!);
    row('  createBooking use case vs the raw sql.js loop', useCaseRounds!, rawRounds!);
    row('  booking without its hasStarted/hasEnded jobs', leanRounds!, rawRounds!);
    row('  the use case in an organization of 200 resources vs 1', crowdedRounds!, useCaseRounds!);
  } finally {
    raw.db.close();
    for (const side of [useCase, lean, crowded]) {
      await side.scheduler.stop();
      await side.storage.close();
    }
  }
}
