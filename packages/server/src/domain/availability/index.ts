export { buildBlockerIndex, overlapsBlocker, type BlockerIndex } from './blocker-index';
export { buildConcurrencyProfile, peakConcurrency, type ConcurrencyProfile } from './concurrency';
export { findCandidate, searchAvailability } from './engine';
export { expandSlotWindows } from './expand-slot';
export { resolveRules, type ResolvedRules } from './rules';
export type {
  AvailabilityCandidate,
  AvailabilitySearchInput,
  EngineBlocker,
  EngineBooking,
  EngineInterval,
  EngineResource,
  EngineResourceSlot,
  EngineRules,
  FindCandidateInput,
  SlotSchedule,
} from './types';
