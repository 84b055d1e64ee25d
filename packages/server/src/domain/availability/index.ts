export { buildBlockerIndex, overlapsBlocker, type BlockerIndex } from './blocker-index';
export { buildConcurrencyProfile, peakConcurrency, type ConcurrencyProfile } from './concurrency';
export { CandidateList, type CandidateSlot } from './candidate-list';
export { countCandidates, type CandidateGrid } from './candidate-grid';
export { findCandidate, searchAvailability, searchCandidates } from './engine';
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
