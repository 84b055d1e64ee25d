/**
 * Pure lead-domain logic: JSON merge patch for lead updates and schema inference for lead data.
 *
 * @module
 */
export { applyMergePatch, isPlainObject } from './merge-patch';
export { applySchemaInference, coerceValue, inferType } from './schema-inference';
export type {
  CoercionResult,
  InferredFieldDescriptor,
  InferredType,
  SchemaInferenceResult,
  SchemaTypeError,
  SpecialType,
} from './schema-inference';
