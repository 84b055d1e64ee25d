/**
 * The bound on one availability answer: a search is refused before anything is searched when its
 * candidates, available or not, would be more than {@link MAX_AVAILABILITY_CANDIDATES}.
 *
 * @module
 */
import { MAX_AVAILABILITY_CANDIDATES } from '@leadbook/contract';
import { validationError } from '../../core/errors';
import { countCandidates, type CandidateGrid } from '../../domain/availability';

/** The 400 for a search of `count` candidates, over the bound: it says how to narrow the search. */
export const tooManyCandidates = (count: number) =>
  validationError(
    `The search would hold ${count} candidates, more than the ${MAX_AVAILABILITY_CANDIDATES} one answer ` +
      'may hold (available or not): search a shorter range, or one resource (resourceId)',
  );

/**
 * Counts the candidates of a search from its range, its appointment type's lengths and its
 * resources' weekly slots (window by window, no candidate made) and refuses it (400) when they are
 * more than {@link MAX_AVAILABILITY_CANDIDATES}, so no request's work grows past that.
 */
export function checkCandidateBound(grid: CandidateGrid): void {
  const count = countCandidates(grid);
  if (count > MAX_AVAILABILITY_CANDIDATES) throw tooManyCandidates(count);
}
