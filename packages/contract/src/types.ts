/**
 * `@leadbook/contract/types`: the contract's named types without zod (interfaces generated from the
 * schemas), for code that wants the shapes but not the schemas.
 * Importing it loads nothing at run time.
 *
 * @module @leadbook/contract/types
 */
export type * from './types.generated';
