/**
 * Pure public-form logic: `showIf` visibility, validation of submitted field values and the checks
 * a form definition must pass before it is saved.
 *
 * @module
 */
export { checkFormDefinition } from './definition';
export { FieldMessages, DefinitionMessages } from './messages';
export { compileFieldPattern, isPatternSafe } from './regex-safety';
export { checkConsent, toE164, validateFieldValues } from './submission';
export type { FieldProblem, FieldValuesResult, SubmissionForm } from './submission';
export { conditionHolds, isFilled, visibleFieldIds } from './visibility';
