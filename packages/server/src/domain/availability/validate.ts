/**
 * Defensive checks of engine input. The use cases validate requests first; these guard the engine
 * against programming errors, and throw `RangeError` with a message naming the bad value.
 *
 * @module
 */
import { IANAZone } from 'luxon';
import { parseLocalDate, parseWallTime } from './local-time';
import type { AvailabilitySearchInput, EngineInterval, SlotSchedule } from './types';

/** Throws a `RangeError` unless `zone` is an IANA time zone luxon knows. */
export function assertZone(zone: string): void {
  if (typeof zone !== 'string' || !IANAZone.isValidZone(zone)) {
    throw new RangeError(`Unknown IANA time zone: ${String(zone)}`);
  }
}

export function assertRange(rangeStartMs: number, rangeEndMs: number): void {
  if (!Number.isFinite(rangeStartMs) || !Number.isFinite(rangeEndMs)) {
    throw new RangeError('The range start and end must be finite epoch milliseconds');
  }
  if (rangeStartMs >= rangeEndMs) throw new RangeError('The range start must be before the range end');
}

export function assertLengths(bookingLengthMinutes: number, searchLengthMinutes: number): void {
  if (!Number.isSafeInteger(bookingLengthMinutes) || bookingLengthMinutes <= 0) {
    throw new RangeError(`bookingLengthMinutes must be a positive integer, got ${bookingLengthMinutes}`);
  }
  if (!Number.isSafeInteger(searchLengthMinutes) || searchLengthMinutes <= 0) {
    throw new RangeError(`searchLengthMinutes must be a positive integer, got ${searchLengthMinutes}`);
  }
}

export function assertSlot(slot: SlotSchedule, id = 'slot'): void {
  if (!Number.isInteger(slot.weekday) || slot.weekday < 1 || slot.weekday > 7) {
    throw new RangeError(`${id}: weekday must be an ISO weekday 1-7, got ${slot.weekday}`);
  }
  const start = parseWallTime(slot.startTime, false);
  const end = parseWallTime(slot.endTime, true);
  if (start === null) throw new RangeError(`${id}: startTime must be HH:mm, got ${slot.startTime}`);
  if (end === null) throw new RangeError(`${id}: endTime must be HH:mm or 24:00, got ${slot.endTime}`);
  if (end <= start) throw new RangeError(`${id}: endTime ${slot.endTime} must be after ${slot.startTime}`);
  for (const [name, value] of [
    ['validFrom', slot.validFrom],
    ['validUntil', slot.validUntil],
  ] as const) {
    if (value !== null && parseLocalDate(value) === null) {
      throw new RangeError(`${id}: ${name} must be a yyyy-MM-dd date or null, got ${value}`);
    }
  }
}

function assertIntervals(kind: string, intervals: readonly EngineInterval[]): void {
  for (const interval of intervals) {
    if (!Number.isFinite(interval.startMs) || !Number.isFinite(interval.endMs)) {
      throw new RangeError(`Every ${kind} needs finite startMs and endMs`);
    }
  }
}

/** Checks everything of a search input except the range. */
export function assertEngineInput(input: Omit<AvailabilitySearchInput, 'rangeStartMs' | 'rangeEndMs'>): void {
  assertZone(input.zone);
  assertLengths(input.bookingLengthMinutes, input.searchLengthMinutes);
  const seen = new Set<string>();
  for (const resource of input.resources) {
    if (seen.has(resource.id)) throw new RangeError(`Resource ${resource.id} is listed twice`);
    seen.add(resource.id);
    if (!Number.isSafeInteger(resource.maxParallelBookings) || resource.maxParallelBookings < 0) {
      throw new RangeError(`Resource ${resource.id}: maxParallelBookings must be a non-negative integer`);
    }
  }
  for (const slot of input.slots) assertSlot(slot, `Slot ${slot.id}`);
  assertIntervals('booking', input.bookings);
  assertIntervals('blocker', input.blockers);
  if (input.nowMs !== undefined && !Number.isFinite(input.nowMs)) {
    throw new RangeError(`nowMs must be finite epoch milliseconds, got ${input.nowMs}`);
  }
  for (const [name, value] of Object.entries(input.rules ?? {})) {
    if (value !== null && value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new RangeError(`rules.${name} must be a non-negative integer or null, got ${value}`);
    }
  }
}

/** Checks a whole search input. */
export function assertSearchInput(input: AvailabilitySearchInput): void {
  assertRange(input.rangeStartMs, input.rangeEndMs);
  assertEngineInput(input);
}
