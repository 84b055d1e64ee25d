import { AvailabilityResponseSchema } from '@leadbook/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandidateList } from '../../domain/availability';
import type { ResourceRecord } from '../../ports/records';
import { stringifyAvailability } from '../../../../../test-support/availability-json';
import { AVAILABILITY_CHUNK_BYTES, availabilityJson } from './json';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const LENGTH_MS = 30 * 60_000;

const resourceOf = (n: number, name: string, capacity = 8): ResourceRecord => ({
  id: uuid(n),
  organizationId: 'org-1',
  name,
  color: '#a1b2c3',
  maxParallelBookings: capacity,
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The response's chunks as one text. */
const text = (chunks: Iterable<Uint8Array>) =>
  new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat([...chunks]));

/** What the route answered before it wrote bytes itself: one object per candidate, stringified. */
const reference = (list: CandidateList): string => {
  const resources = new Map(list.slots.map((slot) => [slot.resource.id, slot.resource]));
  return text([stringifyAvailability(list.toArray(), resources)]);
};

interface Row {
  resource: ResourceRecord;
  slot: number;
  startMs: number;
  current: number;
  blocked?: boolean;
  refused?: boolean;
}

/** The rows as the engine hands them over: one slot per distinct slot number, sorted by start. */
const listOf = (rows: Row[]): CandidateList => {
  const list = new CandidateList(LENGTH_MS);
  const slots = new Map<number, number>();
  for (const row of rows) {
    let index = slots.get(row.slot);
    if (index === undefined) {
      index = list.addSlot({ id: uuid(100 + row.slot), resource: row.resource });
      slots.set(row.slot, index);
    }
    list.push(index, row.startMs, row.current, row.blocked ?? false, row.refused ?? false);
  }
  const starts = rows.map((row) => row.startMs);
  return list.sortByStart(Math.min(0, ...starts), Math.max(0, ...starts));
};

describe('availabilityJson', () => {
  it('writes an empty search as an empty data array', () => {
    expect(text(availabilityJson(new CandidateList(LENGTH_MS).sortByStart(0, 0)))).toBe('{"data":[]}');
  });

  it('matches JSON.stringify byte for byte, names that need escaping and multi-byte text included', () => {
    const names = ['Room "A"', 'Zimmer Ä\\Ö', 'back\nslash\t\u0001', '会議室 🚀', ''];
    const list = listOf(
      names.flatMap((name, i) => {
        const resource = resourceOf(i, name);
        return [
          { resource, slot: i, startMs: Date.UTC(2026, 2, 29, 9), current: 0 },
          { resource, slot: i, startMs: Date.UTC(2026, 2, 29, 9, 15), current: 12, blocked: true },
          { resource, slot: i + 10, startMs: Date.UTC(2026, 9, 25, 23, 45), current: 8, refused: true },
        ];
      }),
    );
    const bytes = [...availabilityJson(list)];
    expect(text(bytes)).toBe(reference(list));
    expect(AvailabilityResponseSchema.safeParse(JSON.parse(text(bytes))).success).toBe(true);
  });

  it('matches JSON.stringify for any names, capacities, counts, flags and instants', () => {
    const input = fc.array(
      fc.record({
        name: fc.string({ unit: 'grapheme' }),
        capacity: fc.nat(10_000),
        slot: fc.nat(3),
        // Before 1970 and after 9999 the writer formats instants as text; inside, as bytes.
        startMs: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(10001, 0, 1) }),
        current: fc.nat(1_000_000),
        blocked: fc.boolean(),
        refused: fc.boolean(),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(input, (rows) => {
        const list = listOf(
          rows.map((row, i) => ({
            ...row,
            resource: resourceOf(i, row.name, row.capacity),
            slot: row.slot * 1000 + i,
          })),
        );
        expect(text(availabilityJson(list))).toBe(reference(list));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts the body between candidates into chunks of at most the chunk size, whatever the size', () => {
    const input = fc.record({
      names: fc.array(fc.string({ unit: 'grapheme', maxLength: 30 }), { minLength: 1, maxLength: 25 }),
      chunkBytes: fc.integer({ min: 1, max: 2_000 }),
    });
    fc.assert(
      fc.property(input, ({ names, chunkBytes }) => {
        const list = listOf(
          names.map((name, i) => ({
            resource: resourceOf(i, name),
            slot: i % 3,
            startMs: Date.UTC(2026, 2, 29, 9) + (i >> 2) * LENGTH_MS,
            current: i % 4,
          })),
        );
        const chunks = [...availabilityJson(list, chunkBytes)];
        expect(text(chunks)).toBe(reference(list));
        // A chunk is over the size only when it holds one candidate (or the opening or closing
        // bracket) alone, and no chunk is empty.
        for (const chunk of chunks) {
          expect(chunk.byteLength).toBeGreaterThan(0);
          if (chunk.byteLength > chunkBytes) expect(text([chunk])).not.toMatch(/\},\{/);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('writes a search that fits in a chunk as one chunk', () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      resource: resourceOf(i % 7, 'Room '.repeat(i % 7)),
      slot: i % 7,
      startMs: Date.UTC(2026, 0, 1) + (i >> 3) * LENGTH_MS,
      current: i % 3,
    }));
    const chunks = [...availabilityJson(listOf(rows))];
    expect(chunks).toHaveLength(1);
    expect(text(chunks)).toBe(reference(listOf(rows)));
  });

  it('writes a large search in chunks of a megabyte', () => {
    const resource = resourceOf(1, 'Room');
    const rows = Array.from({ length: 12_000 }, (_, i) => ({
      resource,
      slot: 0,
      startMs: Date.UTC(2026, 0, 1) + i * LENGTH_MS,
      current: 0,
    }));
    const chunks = [...availabilityJson(listOf(rows))];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.slice(0, -1).every((chunk) => chunk.byteLength <= AVAILABILITY_CHUNK_BYTES)).toBe(true);
    expect(text(chunks)).toBe(reference(listOf(rows)));
  });
});
