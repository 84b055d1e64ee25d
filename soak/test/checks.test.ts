import { describe, expect, it } from 'vitest';
import {
  checkCapacity,
  checkCrashes,
  checkDeliveries,
  checkLostWrites,
  checkServerErrors,
  checkTimers,
  checkUnanswered,
  latencies,
  percentile,
  type AckedBooking,
  type DatabaseState,
  type Exchange,
  type StoredBooking,
} from '../src/checks';

// The checks never read a clock: every time here is a fixed instant and offsets from it.
const T = Date.UTC(2030, 0, 7, 9);
const MIN = 60_000;

const acked = (id: string, startMs: number, more: Partial<AckedBooking> = {}): AckedBooking => ({
  id,
  startMs,
  endMs: startMs + 60 * MIN,
  state: 'live',
  uncertain: false,
  deletedAtMs: null,
  ...more,
});
const stored = (id: string, startMs: number, resourceId: string | null = 'room'): StoredBooking => ({
  id,
  resourceId,
  startMs,
  endMs: startMs + 60 * MIN,
});
const database = (more: Partial<DatabaseState> = {}): DatabaseState => ({
  bookings: [],
  entryIds: [],
  submissions: [],
  events: [],
  ...more,
});

describe('checkLostWrites', () => {
  it('passes when every acknowledged write is stored as last acknowledged', () => {
    const result = checkLostWrites(
      {
        bookings: [acked('b1', T), acked('b2', T, { state: 'deleted', deletedAtMs: T })],
        entryIds: ['e1'],
        submissionIds: ['s1'],
      },
      database({
        bookings: [stored('b1', T), stored('b3', T)],
        entryIds: ['e1', 'e2'],
        submissions: [{ id: 's1', entryId: 'e2', bookingId: 'b3' }],
      }),
    );
    expect(result).toMatchObject({ passed: true, problems: [] });
  });

  it('names a missing booking, a deleted one still stored, a moved one at its old time, a lost lead and submission', () => {
    const result = checkLostWrites(
      {
        bookings: [
          acked('missing', T),
          acked('undeleted', T, { state: 'deleted', deletedAtMs: T }),
          acked('moved', T + 60 * MIN),
        ],
        entryIds: ['lost-lead'],
        submissionIds: ['lost-submission', 's2'],
      },
      database({
        bookings: [stored('undeleted', T), stored('moved', T)],
        submissions: [{ id: 's2', entryId: null, bookingId: 'gone' }],
      }),
    );
    expect(result.passed).toBe(false);
    expect(result.problems).toEqual([
      'booking missing: acknowledged but missing',
      'booking undeleted: deleted (acknowledged) but still stored',
      expect.stringMatching(/^booking moved: acknowledged at 2030-01-07T10:00:00.000Z/),
      'lead lost-lead: acknowledged but missing',
      'form submission lost-submission: acknowledged but missing',
      'form submission s2: its booking gone is missing',
    ]);
  });

  it('does not judge a booking whose later write got no answer', () => {
    const result = checkLostWrites(
      { bookings: [acked('b1', T, { uncertain: true })], entryIds: [], submissionIds: [] },
      database(),
    );
    expect(result.passed).toBe(true);
    expect(result.value).toContain('1 with an unanswered later write not checked');
  });
});

describe('checkCapacity', () => {
  it('fails when more bookings overlap than the resource holds', () => {
    const result = checkCapacity([stored('a', T), stored('b', T + 30 * MIN), stored('c', T + 59 * MIN)], {
      room: 2,
    });
    expect(result.passed).toBe(false);
    expect(result.problems).toEqual(['resource room: 3 bookings at 2030-01-07T09:59:00.000Z, capacity 2']);
  });

  it('counts intervals as half-open and resources apart', () => {
    const bookings = [stored('a', T), stored('b', T + 60 * MIN), stored('c', T, 'other')];
    expect(checkCapacity(bookings, { room: 1, other: 1 }).passed).toBe(true);
  });
});

describe('checkTimers', () => {
  const started = (bookingId: string, n = 1) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${bookingId}-started-${i}`,
      type: 'calendar.appointment.hasStarted',
      bookingId,
      occurredAtMs: T,
    }));
  const ended = (bookingId: string) => [
    { id: `${bookingId}-ended`, type: 'calendar.appointment.hasEnded', bookingId, occurredAtMs: T },
  ];

  it('passes when each due timer fired once and none fired early', () => {
    const db = database({
      bookings: [stored('past', T - 120 * MIN), stored('running', T - 30 * MIN), stored('future', T + MIN)],
      events: [...started('past'), ...ended('past'), ...started('running')],
    });
    expect(checkTimers(db, [], T)).toMatchObject({
      passed: true,
      value: '0 (3 timers due on surviving bookings)',
    });
  });

  it('names a timer that never fired, one that fired twice, and one that fired before its time', () => {
    const db = database({
      bookings: [stored('silent', T - 120 * MIN), stored('twice', T - 30 * MIN), stored('early', T + MIN)],
      events: [...ended('silent'), ...started('twice', 2), ...started('early')],
    });
    expect(checkTimers(db, [], T).problems).toEqual([
      'booking silent: calendar.appointment.hasStarted fired 0 times',
      'booking twice: calendar.appointment.hasStarted fired 2 times',
      'booking early: calendar.appointment.hasStarted fired before 2030-01-07T09:01:00.000Z',
    ]);
  });

  it('fails when a booking deleted before its start still fired', () => {
    const deleted = acked('gone', T - 60 * MIN, { state: 'deleted', deletedAtMs: T - 61 * MIN });
    const result = checkTimers(database({ events: started('gone') }), [deleted], T);
    expect(result.problems).toEqual([
      'booking gone: deleted before its time, yet calendar.appointment.hasStarted fired 1 times',
    ]);
  });
});

describe('checkDeliveries', () => {
  const event = (id: string) => ({ id, type: 'table.entry.added', bookingId: null, occurredAtMs: T });

  it('deduplicates repeated deliveries of one webhook-id', () => {
    const result = checkDeliveries(
      [event('e1'), event('e2')],
      [
        { webhookId: 'w1', eventId: 'e1', type: 'table.entry.added', count: 3 },
        { webhookId: 'w2', eventId: 'e2', type: 'table.entry.added', count: 1 },
      ],
      0,
    );
    expect(result).toMatchObject({ passed: true, value: '0 (2 events; 2 repeated deliveries deduplicated)' });
  });

  it('fails on an event never delivered, one sent under two webhook-ids, and a refused signature', () => {
    const result = checkDeliveries(
      [event('e1'), event('e2')],
      [
        { webhookId: 'w1', eventId: 'e1', type: 'table.entry.added', count: 1 },
        { webhookId: 'w2', eventId: 'e1', type: 'table.entry.added', count: 1 },
      ],
      1,
    );
    expect(result.problems).toEqual([
      'event e1 (table.entry.added): 2 deliveries with distinct webhook-ids',
      'event e2 (table.entry.added): never delivered',
      '1 deliveries failed signature verification',
    ]);
  });
});

describe('checkServerErrors', () => {
  const exchange = (outcome: Exchange['outcome'], startMs: number): Exchange => ({
    op: 'book',
    instance: 'A',
    outcome,
    startMs,
    endMs: startMs + 100,
  });
  const windows = [{ what: 'kill A', startMs: T, endMs: T + 5_000 }];

  it('excuses a 5xx that overlaps a fault window and ignores requests without an answer', () => {
    const result = checkServerErrors(
      [
        exchange(503, T - 50),
        exchange(500, T + 4_999),
        exchange('connection', T + 9_000),
        exchange(201, T + 9_000),
      ],
      windows,
    );
    expect(result).toMatchObject({ passed: true, value: '0 (2 inside 1 windows)' });
  });

  it('fails on a 5xx outside every window', () => {
    const result = checkServerErrors([exchange(500, T + 5_001)], windows);
    expect(result.problems).toEqual(['book on A: 500 at 2030-01-07T09:00:05.001Z']);
  });
});

describe('checkUnanswered', () => {
  const windows = [{ what: 'kill B', startMs: T, endMs: T + 5_000 }];
  const failure = (outcome: 'connection' | 'timeout', startMs: number, endMs = startMs + 10): Exchange => ({
    op: 'lead',
    instance: 'B',
    outcome,
    startMs,
    endMs,
  });

  it('excuses requests cut or refused during a kill, and fails on one refused or hung outside it', () => {
    const result = checkUnanswered(
      [
        failure('connection', T + 100),
        failure('timeout', T - 60_000, T + 1),
        failure('connection', T + 6_000),
      ],
      windows,
    );
    expect(result).toMatchObject({ passed: false, value: '1 (2 inside the windows)' });
    expect(result.problems).toEqual(['lead on B: connection at 2030-01-07T09:00:06.000Z']);
  });
});

describe('checkCrashes', () => {
  it('fails when an instance exited without being killed', () => {
    expect(checkCrashes([]).passed).toBe(true);
    expect(checkCrashes(['instance A exited on its own (code 1)'])).toMatchObject({
      passed: false,
      value: '1',
    });
  });
});

describe('latencies', () => {
  it('gives nearest-rank percentiles of the answered requests per operation', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
    const exchanges: Exchange[] = [
      ...[10, 20, 30].map((ms) => ({ op: 'book', instance: 'A', outcome: 201, startMs: T, endMs: T + ms })),
      { op: 'book', instance: 'B', outcome: 'connection', startMs: T, endMs: T + 1 },
    ];
    expect(latencies(exchanges)).toEqual([
      { op: 'book', answered: 3, p50: 20, p99: 30, failures: 1, statuses: { 201: 3 } },
    ]);
  });
});
