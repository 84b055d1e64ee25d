/**
 * The OpenAPI text of the availability operations' bounds (Connect availability, public slots).
 *
 * @module
 */
import { MAX_AVAILABILITY_CANDIDATES, MAX_AVAILABILITY_RANGE_DAYS } from '../availability';

/** What one search may cover: its range, and the candidates it holds. */
export const AVAILABILITY_BOUNDS_TEXT =
  `The range may span at most ${MAX_AVAILABILITY_RANGE_DAYS} days and hold at most ` +
  `${MAX_AVAILABILITY_CANDIDATES.toLocaleString('en-US')} candidates, available or not (counted from the ` +
  "resources' weekly slots before anything is searched); a larger search is a 400 that says how to " +
  'narrow it: a shorter range, or one resource (`resourceId`).';
