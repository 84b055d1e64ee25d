/**
 * Turns a baseline into a fuzz case: one to three mutations drawn by weight from those that apply,
 * applied in phase order (value, then text, then transport). A few cases keep the baseline as it is,
 * so the success paths (and their writes) stay part of the run.
 *
 * @module
 */
import { bodyMutations } from './mutate-body';
import { textMutations } from './mutate-text';
import { transportMutations } from './mutate-transport';
import { urlMutations } from './mutate-url';
import { PHASES, type Mutation } from './mutation';
import type { Random } from './random';
import { cloneRequest, type FuzzRequest } from './request';
import type { FuzzWorld } from './world';

/** Every mutation the generator draws from. */
export const MUTATIONS: readonly Mutation[] = [
  ...bodyMutations,
  ...textMutations,
  ...urlMutations,
  ...transportMutations,
];

/** A generated case: the request and what was done to the baseline. */
export interface FuzzCase {
  /** The request to send. */
  readonly request: FuzzRequest;
  /** `name: detail` of each mutation applied, in order; empty for an unchanged baseline. */
  readonly applied: readonly string[];
}

/** How often a case is the baseline unchanged. */
const UNCHANGED = 0.04;

/** Mutates `baseline` into a case. */
export function generateCase(baseline: FuzzRequest, random: Random, world: FuzzWorld): FuzzCase {
  const request = cloneRequest(baseline);
  if (random.chance(UNCHANGED)) return { request, applied: [] };
  const count = random.weighted<number>([
    [1, 6],
    [2, 3],
    [3, 1],
  ]);
  const candidates = MUTATIONS.filter((candidate) => candidate.applies(request));
  const chosen: Mutation[] = [];
  for (let i = 0; i < count && candidates.length > 0; i++) {
    const pick = random.weighted(candidates.map((candidate) => [candidate, candidate.weight] as const));
    chosen.push(pick);
    candidates.splice(candidates.indexOf(pick), 1);
  }
  chosen.sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase));
  const applied: string[] = [];
  for (const next of chosen) {
    // An earlier mutation may have removed what this one needs (the body, say).
    if (!next.applies(request)) continue;
    applied.push(`${next.name}: ${next.apply(request, random, world)}`);
  }
  return { request, applied };
}
