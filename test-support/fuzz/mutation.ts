/**
 * What a mutation is: a named change to one part of a request. Mutations run in phases, so that a
 * change to the JSON value comes before the body is serialised oddly, and that before it is
 * compressed or relabelled in transport.
 *
 * @module
 */
import type { Random } from './random';
import type { FuzzRequest } from './request';
import type { FuzzWorld } from './world';

/** When a mutation runs: on the JSON value, on its text, or on the transport (headers, method). */
export type Phase = 'value' | 'text' | 'transport';

/** The phases in the order they apply. */
export const PHASES: readonly Phase[] = ['value', 'text', 'transport'];

/** One kind of change to a request. */
export interface Mutation {
  /** A stable name, such as `body.deep`, for reports and for counting what ran. */
  readonly name: string;
  /** When it applies relative to the others of a case. */
  readonly phase: Phase;
  /** How often it is chosen, relative to the others. */
  readonly weight: number;
  /** Whether it can change `request` (a body mutation needs a JSON body). */
  applies(request: FuzzRequest): boolean;
  /** Changes `request` in place; returns what it did, for the report. */
  apply(request: FuzzRequest, random: Random, world: FuzzWorld): string;
}

/** Whether the request carries a JSON value (not yet turned into odd bytes). */
export const hasJsonBody = (request: FuzzRequest): request is FuzzRequest & { body: { json: unknown } } =>
  request.body !== undefined && 'json' in request.body;

/** The request's body as text (JSON text of a value, or the bytes decoded), `''` without a body. */
export function bodyText(request: FuzzRequest): string {
  if (request.body === undefined) return '';
  if ('json' in request.body) return JSON.stringify(request.body.json) ?? '';
  return Buffer.from(request.body.bytes).toString('utf8');
}

/**
 * Sets the body to `text`'s UTF-8 bytes. `JSON.stringify` escapes lone surrogates, so JSON text
 * keeps them; a raw one in `text` would become U+FFFD.
 */
export function setBodyText(request: FuzzRequest, text: string): void {
  request.body = { bytes: Buffer.from(text, 'utf8') };
}

/** A mutation from its parts. */
export const mutation = (
  name: string,
  phase: Phase,
  weight: number,
  applies: Mutation['applies'],
  apply: Mutation['apply'],
): Mutation => ({ name, phase, weight, applies, apply });
