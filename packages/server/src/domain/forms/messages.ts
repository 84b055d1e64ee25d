/**
 * The end-user messages of form-submission validation (they name the field label) and
 * the console messages of the form-definition check.
 *
 * @module
 */

/** Messages for a submitted value; each takes the field label as written. */
export const FieldMessages = {
  unknownField: (key: string) => `The form has no field ${key}`,
  required: (label: string) => `${label} is required`,
  notText: (label: string) => `${label} must be text`,
  notNumber: (label: string) => `${label} must be a number`,
  notBoolean: (label: string) => `${label} must be true or false`,
  tooSmall: (label: string, min: number) => `${label} must be at least ${min}`,
  tooLarge: (label: string, max: number) => `${label} must be at most ${max}`,
  tooShort: (label: string, min: number) => `${label} must be at least ${min} characters`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  pattern: (label: string) => `${label} is not in the expected format`,
  email: (label: string) => `${label} must be a valid email address`,
  phone: (label: string) => `${label} must be a valid phone number`,
  option: (label: string) => `${label} must be one of the offered options`,
  consent: (label: string) => `${label} must be accepted`,
} as const;

/** Problems of a form definition found when it is saved. */
export const DefinitionMessages = {
  duplicateId: (id: string) => `Field id ${id} is used more than once`,
  duplicateDataKey: (key: string) => `Data key "${key}" is used by more than one field`,
  showIfUnknown: (label: string, id: string) => `Field "${label}": showIf refers to an unknown field ${id}`,
  showIfSelf: (label: string) => `Field "${label}": showIf refers to the field itself`,
  showIfCycle: (label: string) => `Field "${label}": showIf conditions form a cycle`,
  patternInvalid: (label: string) => `Field "${label}": the pattern is not a valid regular expression`,
  patternUnsafe: (label: string) => `Field "${label}": the pattern can backtrack catastrophically`,
  selectWithoutOptions: (label: string) => `Field "${label}": a select field needs at least one option`,
  lengthRange: (label: string) => `Field "${label}": minLength is greater than maxLength`,
  valueRange: (label: string) => `Field "${label}": min is greater than max`,
  privacyMode: (label: string) => `Field "${label}": a privacy field needs mode "consent"`,
  wildcardMix: (label: string) =>
    `Field "${label}": allowedAppointmentTypes mixes "*" with appointment type ids`,
  typeFieldList: (label: string) =>
    `Field "${label}": on a form with a booking-calendar field, the booking field's allowedAppointmentTypes decides the appointment types; move this list there`,
} as const;
