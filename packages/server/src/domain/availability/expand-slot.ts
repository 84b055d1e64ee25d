/**
 * Expansion of weekly resource slots into concrete windows in epoch milliseconds.
 *
 * @module
 */
import {
  createWallClockResolver,
  isoWeekday,
  localDayNumber,
  parseLocalDate,
  parseWallTime,
  type WallClockResolver,
} from './local-time';
import type { EngineInterval, SlotSchedule } from './types';
import { assertRange, assertSlot, assertZone } from './validate';

/** A slot schedule parsed once: minutes after midnight and day numbers. */
export interface ParsedSlotSchedule {
  weekday: number;
  startMinute: number;
  endMinute: number;
  firstDay: number;
  lastDay: number;
}

/** Parses an already validated slot schedule. */
export function parseSlotSchedule(slot: SlotSchedule): ParsedSlotSchedule {
  return {
    weekday: slot.weekday,
    startMinute: parseWallTime(slot.startTime, false) ?? 0,
    endMinute: parseWallTime(slot.endTime, true) ?? 0,
    firstDay: slot.validFrom === null ? -Infinity : (parseLocalDate(slot.validFrom) ?? Infinity),
    lastDay: slot.validUntil === null ? Infinity : (parseLocalDate(slot.validUntil) ?? -Infinity),
  };
}

/** The local days a range can touch, with one day of margin on each side for odd zone rules. */
export interface LocalDaySpan {
  firstDay: number;
  lastDay: number;
}

export function localDaySpan(zone: string, rangeStartMs: number, rangeEndMs: number): LocalDaySpan {
  return {
    firstDay: localDayNumber(rangeStartMs, zone) - 1,
    lastDay: localDayNumber(rangeEndMs, zone) + 1,
  };
}

/** Where {@link forEachSlotWindow} looks: the range, its local days, and the zone's clock. */
export interface SlotWindowRange {
  /** The local days the range touches (see `localDaySpan`). */
  span: LocalDaySpan;
  /** Turns a local day and minute into epoch milliseconds in the calendar's zone. */
  resolve: WallClockResolver;
  /** Range start, epoch ms. */
  rangeStartMs: number;
  /** Range end, epoch ms. */
  rangeEndMs: number;
}

/**
 * Calls `emit` with each non-empty window of `schedule` that overlaps `[rangeStartMs, rangeEndMs)`,
 * in increasing order, with the day number of its local day. Zone rules are read once per (local day, wall time) through `resolve`.
 */
export function forEachSlotWindow(
  schedule: ParsedSlotSchedule,
  range: SlotWindowRange,
  emit: (startMs: number, endMs: number, day: number) => void,
): void {
  const { span, resolve, rangeStartMs, rangeEndMs } = range;
  const from = Math.max(span.firstDay, schedule.firstDay);
  const to = Math.min(span.lastDay, schedule.lastDay);
  if (from > to) return;
  let day = from + ((schedule.weekday - isoWeekday(from) + 7) % 7);
  for (; day <= to; day += 7) {
    const startMs = resolve(day, schedule.startMinute);
    const endMs = resolve(day, schedule.endMinute);
    // A window inside a DST gap can collapse (02:30-03:00 on a 02:00->03:00 day): skip it.
    if (endMs > startMs && startMs < rangeEndMs && endMs > rangeStartMs) emit(startMs, endMs, day);
  }
}

/**
 * The concrete windows of a weekly slot that overlap `[rangeStartMs, rangeEndMs)`, in increasing
 * order. Each local day whose ISO weekday matches and which lies within `validFrom`/`validUntil`
 * (inclusive) gives one window from `startTime` to `endTime` in `zone`; its length is the real
 * elapsed time, so a window spanning a DST change is shorter or longer than its wall-clock length.
 *
 * @throws RangeError when the zone, the range or the slot is malformed.
 * @example
 * expandSlotWindows(
 *   { weekday: 7, startTime: '01:00', endTime: '04:00', validFrom: null, validUntil: null },
 *   'Europe/Berlin', Date.UTC(2026, 2, 29), Date.UTC(2026, 2, 30),
 * ); // [{ startMs: 2026-03-29T00:00Z, endMs: 2026-03-29T02:00Z }]: two real hours
 */
export function expandSlotWindows(
  slot: SlotSchedule,
  zone: string,
  rangeStartMs: number,
  rangeEndMs: number,
): EngineInterval[] {
  assertZone(zone);
  assertRange(rangeStartMs, rangeEndMs);
  assertSlot(slot);
  const windows: EngineInterval[] = [];
  const range = {
    span: localDaySpan(zone, rangeStartMs, rangeEndMs),
    resolve: createWallClockResolver(zone),
    rangeStartMs,
    rangeEndMs,
  };
  forEachSlotWindow(parseSlotSchedule(slot), range, (startMs, endMs) => windows.push({ startMs, endMs }));
  return windows;
}
