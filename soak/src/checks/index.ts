/**
 * The soak's checks: pure functions from what the load saw (acknowledged writes, exchanges, fault
 * windows, webhook deliveries) and what the database holds at the end to a pass or a failure with
 * the problems found. `test/checks.test.ts` shows each one catching what it is for.
 *
 * @module
 */
export type * from './types';
export { checkCapacity, checkLostWrites } from './writes';
export { checkDeliveries, checkTimers } from './events';
export {
  checkCrashes,
  checkReplays,
  checkServerErrors,
  checkUnanswered,
  latencies,
  percentile,
  type Latency,
} from './requests';
