/**
 * The availability engine: which intervals of a calendar's resource slots can still be booked.
 * Values in, values out: no storage, no clock, and the process time zone never matters.
 *
 * @module
 */
import { advanceBlockerIndex, blockerIndexAfter, overlapsFrom } from './blocker-index';
import { advanceStepIndex, peakFromStep, stepIndexAt } from './concurrency';
import { forEachSlotWindow, localDaySpan, parseSlotSchedule } from './expand-slot';
import { createWallClockResolver, MINUTE_MS } from './local-time';
import { CandidateList, candidateOf } from './candidate-list';
import { firstStart, lastStart } from './candidate-grid';
import { indexResources } from './resource-state';
import { countStarts, localDayBounds, resolveRules, type ResolvedRules } from './rules';
import type {
  AvailabilityCandidate,
  AvailabilitySearchInput,
  EngineResourceSlot,
  FindCandidateInput,
} from './types';
import { assertEngineInput, assertSearchInput } from './validate';

// Ids compare by UTF-16 code units, never by locale, so the order is the same on every host.
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareSlots(a: EngineResourceSlot, b: EngineResourceSlot): number {
  return compareIds(a.resourceId, b.resourceId) || compareIds(a.id, b.id);
}

// Whether a rule other than capacity refuses a start: outside notice and horizon, or its day full.
function refusedByRules(rules: ResolvedRules, startMs: number, dayCount: number): boolean {
  return (
    startMs < rules.earliestStartMs ||
    startMs > rules.latestStartMs ||
    (rules.perDay > 0 && dayCount >= rules.perDay)
  );
}

/**
 * Searches every candidate of every slot window. Candidates start every `searchLengthMinutes` from
 * the window start, as long as the booking fits in the window (in real elapsed time). A candidate is
 * returned when it lies inside the range: `startMs >= rangeStartMs` and `endMs <= rangeEndMs`.
 *
 * A candidate is available when the peak number of concurrent bookings of its resource over the
 * candidate is below `maxParallelBookings`, no blocker of the calendar or the resource overlaps it,
 * and it does not start before `nowMs` (when given).
 *
 * @returns The candidates, available or not (only the available ones with `onlyAvailable`), in
 *   columns sorted by `startMs`, then `resourceId`, then `resourceSlotId` (ids by UTF-16 code units).
 * @throws RangeError when the zone, the range, a length, a capacity, a slot or an instant is malformed.
 */
export function searchCandidates(input: AvailabilitySearchInput): CandidateList {
  assertSearchInput(input);
  const { zone, rangeStartMs, rangeEndMs } = input;
  const rules = resolveRules(input.rules, input.nowMs, zone);
  const { beforeMs, afterMs } = rules;
  const states = indexResources(input.resources, input.bookings, input.blockers, rules.perDay > 0);
  const span = localDaySpan(zone, rangeStartMs, rangeEndMs);
  const resolve = createWallClockResolver(zone);
  const dayBounds = localDayBounds(resolve);
  const stepMs = input.searchLengthMinutes * MINUTE_MS;
  const lengthMs = input.bookingLengthMinutes * MINUTE_MS;
  const found = new CandidateList(lengthMs, input.onlyAvailable ?? false);

  const slots = input.slots.filter((slot) => states.has(slot.resourceId)).sort(compareSlots);
  for (const slot of slots) {
    const state = states.get(slot.resourceId)!;
    const { profile, blockers } = state;
    const slotIndex = found.addSlot({ id: slot.id, resource: state.resource });
    forEachSlotWindow(
      parseSlotSchedule(slot),
      { span, resolve, rangeStartMs, rangeEndMs },
      (windowStart, windowEnd, day) => {
        const last = lastStart(windowEnd, rangeEndMs, lengthMs);
        let start = firstStart(windowStart, rangeStartMs, stepMs);
        if (start > last) return;
        // Every candidate of a window starts on the window's local day.
        let dayCount = 0;
        if (state.starts) {
          const [dayStart, dayEnd] = dayBounds(day);
          dayCount = countStarts(state.starts, dayStart, dayEnd);
        }
        // Candidates of one window ascend, so both cursors only move forward.
        let step = stepIndexAt(profile, start - beforeMs);
        let block = blockerIndexAfter(blockers, start);
        for (; start <= last; start += stepMs) {
          const end = start + lengthMs;
          step = advanceStepIndex(profile, step, start - beforeMs);
          block = advanceBlockerIndex(blockers, block, start);
          const peak = peakFromStep(profile, step, start - beforeMs, end + afterMs);
          const blocked = overlapsFrom(blockers, block, start, end);
          const refused = refusedByRules(rules, start, dayCount);
          found.push(slotIndex, start, peak, blocked, refused);
        }
      },
    );
  }
  // Slots were visited in (resourceId, id) order and the sort is stable: ties keep that order.
  return found.sortByStart(rangeStartMs, rangeEndMs);
}

/**
 * {@link searchCandidates} with one object per candidate, in the same order.
 *
 * @throws RangeError as {@link searchCandidates}.
 */
export function searchAvailability(input: AvailabilitySearchInput): AvailabilityCandidate[] {
  return searchCandidates(input).toArray();
}

/**
 * Checks that `[startMs, endMs)` is exactly a candidate of a slot of `resourceId` (the slot
 * `resourceSlotId`, or else any slot of the resource, the first by id) and reports its availability,
 * as {@link searchCandidates} would. The booking use case calls it inside its transaction.
 *
 * @returns The candidate, or null when the interval is not a candidate: wrong length, not on the
 *   search grid of a window, outside every window, or an unknown resource or slot.
 * @throws RangeError when the input is malformed (as {@link searchCandidates}).
 */
export function findCandidate(input: FindCandidateInput): AvailabilityCandidate | null {
  assertEngineInput(input);
  const { zone, startMs, endMs } = input;
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) {
    throw new RangeError('startMs and endMs must be finite epoch milliseconds');
  }
  const stepMs = input.searchLengthMinutes * MINUTE_MS;
  if (endMs - startMs !== input.bookingLengthMinutes * MINUTE_MS) return null;
  const resource = input.resources.find((r) => r.id === input.resourceId);
  if (!resource) return null;
  const slots = input.slots
    .filter((s) => s.resourceId === resource.id)
    .filter((s) => input.resourceSlotId === undefined || s.id === input.resourceSlotId)
    .sort(compareSlots);

  const span = localDaySpan(zone, startMs, endMs);
  const resolve = createWallClockResolver(zone);
  const rules = resolveRules(input.rules, input.nowMs, zone);
  for (const slot of slots) {
    let fitDay: number | null = null;
    const range = { span, resolve, rangeStartMs: startMs, rangeEndMs: endMs };
    forEachSlotWindow(parseSlotSchedule(slot), range, (windowStart, windowEnd, day) => {
      if (windowStart <= startMs && endMs <= windowEnd && (startMs - windowStart) % stepMs === 0)
        fitDay = day;
    });
    if (fitDay === null) continue;
    const state = indexResources([resource], input.bookings, input.blockers, rules.perDay > 0).get(
      resource.id,
    )!;
    const from = startMs - rules.beforeMs;
    const peak = peakFromStep(state.profile, stepIndexAt(state.profile, from), from, endMs + rules.afterMs);
    const blocked = overlapsFrom(state.blockers, blockerIndexAfter(state.blockers, startMs), startMs, endMs);
    let dayCount = 0;
    if (state.starts) {
      const [dayStart, dayEnd] = localDayBounds(resolve)(fitDay);
      dayCount = countStarts(state.starts, dayStart, dayEnd);
    }
    return candidateOf(
      resource,
      slot.id,
      startMs,
      endMs,
      peak,
      blocked,
      refusedByRules(rules, startMs, dayCount),
    );
  }
  return null;
}
