/**
 * Shared primitive schemas: identifiers, colors, timestamps and local times.
 *
 * @module
 */
import { z } from 'zod';

/** The hex color pattern: `#` followed by exactly six hex digits. */
export const HEX_COLOR_PATTERN = /^#([A-Fa-f0-9]{6})$/;

/** A UUID string, used for every `id` of the service. */
export const UuidSchema = z.string().uuid();

/**
 * The longest opaque identifier a request may carry where the 2.16.0 interface does not make it a
 * UUID: a public form's path id, a studio or field id, a legacy schedule-type slot id.
 */
export const MAX_OPAQUE_ID_LENGTH = 200;

/** A non-UUID identifier in a request: 1 to {@link MAX_OPAQUE_ID_LENGTH} characters. */
export const OpaqueIdSchema = z.string().min(1).max(MAX_OPAQUE_ID_LENGTH);

/** An organization identifier: any non-empty string. */
export const OrganizationIdSchema = z.string().min(1);

/** A color such as `#1a2b3c` (`#` and six hex digits). */
export const ColorSchema = z.string().regex(HEX_COLOR_PATTERN, 'Must be a hex color such as #1a2b3c');

/**
 * An ISO-8601 date-time with a `Z` or numeric offset, such as `2026-03-29T09:00:00.000Z`.
 * The service always answers in UTC (`Z`); requests may carry any offset that names a real instant
 * (`+99:99` is refused: it has the shape but no meaning).
 */
const DATE_TIME_SHAPE = z.string().datetime({ offset: true });
export const DateTimeSchema = DATE_TIME_SHAPE.refine(
  // One issue per value: a value of the wrong shape is reported by the shape check alone.
  (value) => !DATE_TIME_SHAPE.safeParse(value).success || Number.isFinite(Date.parse(value)),
  'Must be a valid date-time',
);

/** A calendar date `yyyy-MM-dd`, read in the calendar's own time zone. */
export const LocalDateSchema = z.string().date();

/** The `HH:mm` pattern of a wall-clock time; `24:00` is allowed to end a window at midnight. */
export const LOCAL_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** A wall-clock time `HH:mm` in the calendar's time zone (`24:00` ends a window at midnight). */
export const LocalTimeSchema = z.string().regex(LOCAL_TIME_PATTERN, 'Must be a time HH:mm');

/** A free-form JSON object: keys to any JSON value (lead `data`, `customFieldData`). */
export const JsonObjectSchema = z.record(z.string(), z.unknown());
