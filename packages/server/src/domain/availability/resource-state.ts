/**
 * Per-resource lookup structures of one search: the capacity, the bookings' step function and the
 * union of the blockers that apply (calendar-wide ones and the resource's own).
 *
 * @module
 */
import { buildBlockerIndex, type BlockerIndex } from './blocker-index';
import { buildConcurrencyProfile, type ConcurrencyProfile } from './concurrency';
import { occupiedIntervals, sortedStarts } from './rules';
import type { EngineBlocker, EngineBooking, EngineInterval, EngineResource } from './types';

export interface ResourceState {
  readonly resource: EngineResource;
  /** The step function of what the bookings occupy (their buffers included). */
  readonly profile: ConcurrencyProfile;
  readonly blockers: BlockerIndex;
  /** The bookings' start instants, sorted (only when a daily limit needs them). */
  readonly starts: Float64Array | null;
}

const NO_STARTS = new Float64Array(0);

/**
 * Groups bookings and blockers by resource once, so each resource's bookings are sorted once per
 * search. Bookings and blockers of resources not in `resources` are ignored.
 */
export function indexResources(
  resources: readonly EngineResource[],
  bookings: readonly EngineBooking[],
  blockers: readonly EngineBlocker[],
  countStartsPerDay = false,
): Map<string, ResourceState> {
  const bookingsByResource = new Map<string, EngineBooking[]>();
  const blockersByResource = new Map<string, EngineInterval[]>();
  for (const resource of resources) {
    bookingsByResource.set(resource.id, []);
    blockersByResource.set(resource.id, []);
  }
  for (const booking of bookings) bookingsByResource.get(booking.resourceId)?.push(booking);
  const calendarWide: EngineInterval[] = [];
  for (const blocker of blockers) {
    if (blocker.resourceId === null) calendarWide.push(blocker);
    else blockersByResource.get(blocker.resourceId)?.push(blocker);
  }

  const states = new Map<string, ResourceState>();
  for (const resource of resources) {
    const own = blockersByResource.get(resource.id) ?? [];
    const ofResource = bookingsByResource.get(resource.id) ?? [];
    states.set(resource.id, {
      resource,
      profile: buildConcurrencyProfile(occupiedIntervals(ofResource)),
      blockers: buildBlockerIndex(own.length === 0 ? calendarWide : [...calendarWide, ...own]),
      starts: countStartsPerDay ? (ofResource.length === 0 ? NO_STARTS : sortedStarts(ofResource)) : null,
    });
  }
  return states;
}
