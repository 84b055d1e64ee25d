/**
 * The availability response built the plain way: one object per candidate with the contract's
 * `AvailabilitySlot` fields in order, `JSON.stringify`, then UTF-8. The endpoint's byte writer
 * (`availabilityJson`) is held to these bytes by its test, and the bench times it against them.
 */
import type { AvailabilitySlot } from '@leadbook/contract';
import type { AvailabilityCandidate } from '../packages/server/src/domain/availability';

/** The response bytes of `candidates`, by `JSON.stringify` of one object each. */
export function stringifyAvailability(
  candidates: readonly AvailabilityCandidate[],
  resources: ReadonlyMap<string, { name: string; color: string }>,
): Uint8Array {
  const data = candidates.map((c): AvailabilitySlot => {
    const resource = resources.get(c.resourceId)!;
    return {
      resourceId: c.resourceId,
      resourceSlotId: c.resourceSlotId,
      startDateTime: new Date(c.startMs).toISOString(),
      endDateTime: new Date(c.endMs).toISOString(),
      available: c.available,
      resourceName: resource.name,
      resourceColor: resource.color,
      maxParallelBookings: c.maxParallelBookings,
      currentBookings: c.currentBookings,
      remaining: c.remaining,
    };
  });
  return new TextEncoder().encode(JSON.stringify({ data }));
}
