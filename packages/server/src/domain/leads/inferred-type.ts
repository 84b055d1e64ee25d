/**
 * The type schema inference gives a lead-data key.
 *
 * @module
 */

/** The type of a lead-data key, fixed by its first non-null value. */
export type InferredType = 'string' | 'number' | 'boolean' | 'string[]' | 'object' | 'array';
