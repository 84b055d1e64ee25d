/**
 * What one entry of the type catalogue says.
 *
 * @module
 */
import type { z } from 'zod';

/** One named type. */
export interface TypeEntry {
  /** The schema the type is read from. */
  readonly schema: z.ZodTypeAny;
  /** `output`: the parsed value (`z.infer`); `input`: what a caller writes (`z.input`). */
  readonly mode: 'input' | 'output';
  /** The type's TSDoc summary. */
  readonly doc: string;
}

/** Every named type, in the order of the generated file. */
