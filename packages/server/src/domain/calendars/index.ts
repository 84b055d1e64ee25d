/**
 * Pure pieces of external calendars: busy ranges and merging busy intervals.
 *
 * @module
 */
export { assertBusyRange, mergeBusyIntervals } from './busy';
