import { AvailabilityResponseSchema } from '@leadbook/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AvailabilityCandidate } from '../domain/availability';
import type { ResourceRecord } from '../ports/records';
import { stringifyAvailability } from '../../../../test-support/availability-json';
import { availabilityJson } from './availability-json';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const resourceOf = (n: number, name: string): ResourceRecord => ({
  id: uuid(n),
  organizationId: 'org-1',
  name,
  color: '#a1b2c3',
  maxParallelBookings: 8,
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

/** What the route answered before it wrote bytes itself: one object per candidate, stringified. */
const reference = (candidates: AvailabilityCandidate[], resources: Map<string, ResourceRecord>): string =>
  text(stringifyAvailability(candidates, resources));

const candidate = (
  resource: ResourceRecord,
  slot: number,
  startMs: number,
  currentBookings: number,
): AvailabilityCandidate => {
  const remaining = Math.max(0, resource.maxParallelBookings - currentBookings);
  return {
    resourceId: resource.id,
    resourceSlotId: uuid(100 + slot),
    startMs,
    endMs: startMs + 30 * 60_000,
    available: remaining > 0,
    currentBookings,
    remaining,
    maxParallelBookings: resource.maxParallelBookings,
    blocked: false,
  };
};

describe('availabilityJson', () => {
  it('writes an empty search as an empty data array', () => {
    expect(text(availabilityJson([], new Map()))).toBe('{"data":[]}');
  });

  it('matches JSON.stringify byte for byte, names that need escaping and multi-byte text included', () => {
    const names = ['Room "A"', 'Zimmer Ä\\Ö', 'back\nslash\t\u0001', '会議室 🚀', ''];
    const resources = new Map(names.map((name, i) => [uuid(i), resourceOf(i, name)] as const));
    const list = [...resources.values()];
    const candidates = list.flatMap((r, i) => [
      candidate(r, i, Date.UTC(2026, 2, 29, 9), 0),
      candidate(r, i, Date.UTC(2026, 2, 29, 9, 15), 12),
      candidate(r, i + 10, Date.UTC(2026, 9, 25, 23, 45), 8),
    ]);
    const bytes = availabilityJson(candidates, resources);
    expect(text(bytes)).toBe(reference(candidates, resources));
    expect(AvailabilityResponseSchema.safeParse(JSON.parse(text(bytes))).success).toBe(true);
  });

  it('matches JSON.stringify for any names, counts and instants', () => {
    const input = fc.array(
      fc.record({
        name: fc.string({ unit: 'grapheme' }),
        slot: fc.nat(3),
        startMs: fc.integer({ min: 0, max: Date.UTC(9999, 0, 1) }),
        current: fc.nat(1_000_000),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(input, (rows) => {
        const resources = new Map<string, ResourceRecord>();
        const candidates = rows.map((row, i) => {
          const resource = resourceOf(i, row.name);
          resources.set(resource.id, resource);
          return candidate(resource, row.slot * 1000 + i, row.startMs, row.current);
        });
        expect(text(availabilityJson(candidates, resources))).toBe(reference(candidates, resources));
      }),
      { numRuns: 300 },
    );
  });
});
