/**
 * `@leadbook/server`: the embeddable reference server of the Leadbook Connect service.
 *
 * @packageDocumentation
 */
export {
  applyMergePatch,
  applySchemaInference,
  coerceValue,
  inferType,
  isPlainObject,
  type CoercionResult,
  type InferredFieldDescriptor,
  type InferredType,
  type SchemaInferenceResult,
  type SchemaTypeError,
} from './domain/leads';
