/**
 * Mutations of a JSON body's value: wrong types, missing and extra keys, huge strings, odd text,
 * extreme and reversed date ranges, many keys and big arrays. Each changes one place of a valid
 * body, so the rest of it still passes validation.
 *
 * @module
 */
import {
  deleteAt,
  getAt,
  keyOf,
  pathsWhere,
  setAt,
  showPath,
  someNode,
  someObject,
  type JsonPath,
} from './json-paths';
import { hasJsonBody, mutation, type Mutation } from './mutation';
import type { Random } from './random';
import { STUDIO_FORM_FIELDS as FIELD } from '@leadbook/server/studio';
import {
  anyValue,
  longText,
  ODD_DATES,
  ODD_NUMBERS,
  ODD_TEXT,
  shiftByWeeks,
  unknownUuid,
  WEEK_SHIFTS,
} from './values';

type JsonRequest = Parameters<Mutation['apply']>[0] & { body: { json: unknown } };

/** A value-phase mutation of a JSON body (that passes `test`, if given). */
const onJson = (
  name: string,
  weight: number,
  apply: (request: JsonRequest, random: Random) => string,
  test: (json: unknown) => boolean = () => true,
) =>
  mutation(
    name,
    'value',
    weight,
    (request) => hasJsonBody(request) && test(request.body.json),
    (request, random) => apply(request as JsonRequest, random),
  );

const set = (request: JsonRequest, path: JsonPath, value: unknown) => {
  request.body = { json: setAt(request.body.json, path, value) };
};

/** A random object of the body; a body without one becomes `{}` (the mutation then fills it). */
function objectIn(request: JsonRequest, random: Random): JsonPath {
  const path = someObject(request.body.json, random);
  if (path) return path;
  request.body = { json: {} };
  return [];
}

const DATE_KEY = /date|time|start|end/i;

/** The objects with a start and an end key: booking bodies and a submission's booking slot. */
const rangeHolders = (json: unknown) =>
  pathsWhere(json, (value) => {
    const keys = typeof value === 'object' && value !== null ? Object.keys(value) : [];
    return keys.some((key) => /start/i.test(key)) && keys.some((key) => /end/i.test(key));
  });

/** Date-time ranges that must be refused or bounded: reversed, empty, centuries long, off the calendar. */
const ODD_RANGES: ReadonlyArray<readonly [string, string]> = [
  ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
  ['1900-01-01T00:00:00Z', '2200-01-01T00:00:00Z'], // 300 years
  ['2024-01-09T13:00:00Z', '2024-01-09T12:00:00Z'], // reversed
  ['2024-01-09T13:00:00Z', '2024-01-09T13:00:00Z'], // empty
  ['2024-01-09T13:00:00.000Z', '2024-01-09T13:00:00.001Z'], // one millisecond
  ['2024-01-09T13:00:00Z', '2024-04-11T13:00:00.001Z'], // just over 92 days
  ['2024-01-09T13:00:00+99:99', '2024-01-09T14:00:00Z'],
  ['2024-01-09T13:00:00Z', '2024-01-09T14:00:00-99:99'],
  ['2016-12-31T23:59:60Z', '2017-01-01T00:59:60Z'], // leap seconds
  ['-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z'],
  ['2024-01-09T14:00:00+01:00', '2024-01-09T15:00:00+01:00'], // a valid range with an offset
];

export const bodyMutations: readonly Mutation[] = [
  onJson('body.wrong-type', 4, (request, random) => {
    const path = someNode(request.body.json, random);
    const value = anyValue(random);
    set(request, path, value);
    return `${showPath(path)} = ${JSON.stringify(value)?.slice(0, 60)}`;
  }),
  onJson('body.drop-key', 3, (request, random) => {
    const path = someNode(request.body.json, random);
    if (path.length === 0) {
      request.body = { json: undefined };
      return 'whole body';
    }
    deleteAt(request.body.json, path);
    return showPath(path);
  }),
  onJson('body.extra-key', 2, (request, random) => {
    const path = objectIn(request, random);
    // Prototype names, an unknown key, a long one, and ids (a form's `data` is keyed by field id).
    const key = random.pick([
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'extra',
      'k'.repeat(300),
      unknownUuid(random),
      random.pick(Object.values(FIELD)),
    ]);
    const name = random.chance(0.3) ? random.pick(ODD_TEXT) : key;
    set(request, [...path, name], anyValue(random));
    return `${showPath([...path, name.slice(0, 40)])}`;
  }),
  onJson('body.huge-string', 2, (request, random) => {
    const path = someNode(request.body.json, random);
    const length = random.pick([201, 501, 5_001, 70_000, 120_000]);
    set(request, path, longText(random, length));
    return `${showPath(path)} = ${length} chars`;
  }),
  onJson('body.odd-text', 4, (request, random) => {
    const strings = pathsWhere(request.body.json, (value) => typeof value === 'string');
    const text = random.pick(ODD_TEXT);
    if (strings.length > 0 && random.chance(0.7)) {
      const path = random.pick(strings);
      const value = random.chance(0.5) ? text : `${String(getAt(request.body.json, path))}${text}`;
      set(request, path, value);
      return `${showPath(path)} = ${JSON.stringify(value).slice(0, 60)}`;
    }
    // The same text as a key, where lead data and schema inference take key names.
    const path = objectIn(request, random);
    set(request, [...path, text], 'value');
    return `key ${JSON.stringify(text)} in ${showPath(path)}`;
  }),
  onJson('body.date', 4, (request, random) => {
    const dated = pathsWhere(request.body.json, (value, path) => DATE_KEY.test(keyOf(path)));
    const path = dated.length > 0 ? random.pick(dated) : someNode(request.body.json, random);
    const value = random.pick(ODD_DATES);
    set(request, path, value);
    return `${showPath(path)} = ${value}`;
  }),
  onJson(
    'body.date-range',
    3,
    (request, random) => {
      const path = random.pick(rangeHolders(request.body.json));
      const keys = Object.keys(getAt(request.body.json, path) as object);
      const [start, end] = random.pick(ODD_RANGES);
      set(request, [...path, keys.find((key) => /start/i.test(key))!], start);
      set(request, [...path, keys.find((key) => /end/i.test(key))!], end);
      return `${showPath(path)}: ${start} .. ${end}`;
    },
    (json) => rangeHolders(json).length > 0,
  ),
  onJson('body.date-shift', 3, (request, random) => {
    // Every date-time of the body by the same whole weeks: a valid interval, far away.
    const weeks = random.pick(WEEK_SHIFTS);
    const dates = pathsWhere(
      request.body.json,
      (value) => typeof value === 'string' && !!shiftByWeeks(value, 0),
    );
    for (const path of dates)
      set(request, path, shiftByWeeks(getAt(request.body.json, path) as string, weeks));
    return `${dates.length} date-times by ${weeks} weeks`;
  }),
  onJson('body.number', 2, (request, random) => {
    const numbers = pathsWhere(request.body.json, (value) => typeof value === 'number');
    const path = numbers.length > 0 ? random.pick(numbers) : someNode(request.body.json, random);
    const value = random.pick(ODD_NUMBERS);
    set(request, path, value);
    return `${showPath(path)} = ${value}`;
  }),
  onJson('body.many-keys', 2, (request, random) => {
    const path = objectIn(request, random);
    const count = random.pick([51, 201, 1_001, 5_000]);
    const target = getAt(request.body.json, path) as Record<string, unknown>;
    for (let i = 0; i < count; i++) target[`k${i}`] = i % 3 === 0 ? 'v' : i;
    return `${count} keys in ${showPath(path)}`;
  }),
  onJson('body.big-array', 2, (request, random) => {
    const path = someNode(request.body.json, random);
    const count = random.pick([51, 101, 1_000, 10_000]);
    const item = random.pick<unknown>(['x', 1, {}, [], null, { name: 'e' }]);
    set(
      request,
      path,
      Array.from({ length: count }, () => structuredClone(item)),
    );
    return `${showPath(path)} = ${count} x ${JSON.stringify(item)}`;
  }),
  onJson('body.replace-root', 1, (request, random) => {
    const value = random.pick<unknown>([[], null, 'text', 1, true, {}, [request.body.json], undefined]);
    request.body = { json: value };
    return JSON.stringify(value)?.slice(0, 60) ?? 'nothing';
  }),
];
