/**
 * Mutations of the path and the query: ids that are not UUIDs (a NUL, invalid percent-encoding,
 * another organization's id), a changed path shape, and query strings with missing, repeated,
 * array-style, unknown, huge or date-hostile parameters.
 *
 * @module
 */
import { mutation, type Mutation } from './mutation';
import type { Random } from './random';
import type { FuzzRequest } from './request';
import { longText, ODD_DATES, ODD_IDS, ODD_TEXT, shiftByWeeks, unknownUuid, WEEK_SHIFTS } from './values';
import { ALL_STUDIO_IDS } from '../../packages/server/test/studio';
import type { FuzzWorld } from './world';

const hasId = (request: FuzzRequest) => 'id' in request.params;
const hasQuery = (request: FuzzRequest) => request.query.length > 0;
const always = () => true;

/** Real ids of every kind and both organizations: the right shape, often the wrong thing. */
const realIds = (world: FuzzWorld) => [
  ...ALL_STUDIO_IDS,
  world.ingress.id,
  world.otherIngress.id,
  world.entryId,
  world.hallId,
];

const DATE_PARAM = /^(start|end)$/;

/** A query value that is wrong in some way. */
function oddQueryValue(random: Random): string {
  return random.pick<() => string>([
    () => random.pick(ODD_TEXT),
    () => random.pick(ODD_DATES),
    () => random.pick(ODD_IDS),
    () => longText(random, random.pick([300, 10_000])),
    () => unknownUuid(random),
    () => '',
  ])();
}

export const urlMutations: readonly Mutation[] = [
  mutation('path.id', 'value', 5, hasId, (request, random, world) => {
    const id = random.chance(0.6)
      ? random.pick(ODD_IDS)
      : random.chance(0.5)
        ? unknownUuid(random)
        : random.pick(realIds(world));
    request.params['id'] = id;
    return id.slice(0, 60);
  }),
  mutation('path.shape', 'value', 1, always, (request, random) => {
    const variant = random.pick([
      'trailing slash',
      'no trailing slash',
      'double slash',
      'extra segment',
      'matrix',
    ]);
    const path = request.template;
    request.template =
      variant === 'trailing slash'
        ? `${path}/`
        : variant === 'no trailing slash'
          ? path.replace(/\/$/, '')
          : variant === 'double slash'
            ? path.replace(/\/(?=[^/]*$)/, '//')
            : variant === 'extra segment'
              ? `${path.replace(/\/$/, '')}/extra`
              : `${path};x=1`;
    return variant;
  }),
  mutation('query.drop', 'value', 2, hasQuery, (request, random) => {
    const [key] = request.query.splice(random.int(request.query.length), 1)[0]!;
    return key;
  }),
  mutation('query.repeat', 'value', 2, hasQuery, (request, random) => {
    const [key, value] = random.pick(request.query);
    request.query.push([key, random.chance(0.5) ? value : oddQueryValue(random)]);
    return key;
  }),
  mutation('query.array-syntax', 'value', 1, hasQuery, (request, random) => {
    const index = random.int(request.query.length);
    const [key, value] = request.query[index]!;
    const renamed = random.pick([`${key}[]`, `${key}[0]`, `${key}[a]`, `${key}.a`]);
    request.query[index] = [renamed, value];
    return renamed;
  }),
  mutation('query.extra', 'value', 2, always, (request, random) => {
    const key = random.pick([
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
      'extra',
      'limit',
      '',
      random.pick(ODD_TEXT),
    ]);
    const value = oddQueryValue(random);
    request.query.push([key, value]);
    return `${JSON.stringify(key)}=${JSON.stringify(value.slice(0, 40))}`;
  }),
  mutation('query.value', 'value', 4, hasQuery, (request, random) => {
    const index = random.int(request.query.length);
    const [key] = request.query[index]!;
    const value = DATE_PARAM.test(key) && random.chance(0.6) ? random.pick(ODD_DATES) : oddQueryValue(random);
    request.query[index] = [key, value];
    return `${key}=${JSON.stringify(value.slice(0, 60))}`;
  }),
  mutation(
    'query.date-range',
    'value',
    3,
    (request) => request.query.some(([key]) => DATE_PARAM.test(key)),
    (request, random) => {
      const [start, end] = random.pick([
        ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
        ['1900-01-01T00:00:00Z', '2200-01-01T00:00:00Z'],
        ['2024-01-15T00:00:00Z', '2024-01-08T00:00:00Z'],
        ['2024-01-08T00:00:00Z', '2024-01-08T00:00:00Z'],
        ['2024-01-08T00:00:00Z', '2024-04-09T00:00:00.001Z'],
        ['2024-01-08T00:00:00+99:99', '2024-01-15T00:00:00Z'],
        ['2016-12-31T23:59:60Z', '2017-01-07T00:00:00Z'],
        ['2024-01-08T00:00:00+14:00', '2024-01-15T00:00:00-12:00'],
      ] as const);
      request.query = request.query.map(([key, value]): [string, string] =>
        key === 'start' ? [key, start] : key === 'end' ? [key, end] : [key, value],
      );
      return `${start} .. ${end}`;
    },
  ),
  mutation(
    'query.date-shift',
    'value',
    2,
    (request) => request.query.some(([key]) => DATE_PARAM.test(key)),
    (request, random) => {
      const weeks = random.pick(WEEK_SHIFTS);
      request.query = request.query.map(([key, value]): [string, string] => [
        key,
        DATE_PARAM.test(key) ? (shiftByWeeks(value, weeks) ?? value) : value,
      ]);
      return `by ${weeks} weeks`;
    },
  ),
  mutation('query.raw', 'value', 2, always, (request, random) => {
    const raw = random.pick([
      '&%ZZ=1',
      '&=',
      '&&&',
      '&a=%',
      '&start=%E0%A4%A',
      '&%00=%00',
      ';a=1',
      '&a=1&a=2&a=3',
      '&+=+',
    ]);
    request.rawQuery += request.query.length > 0 || request.rawQuery ? raw : raw.replace(/^&/, '');
    return raw;
  }),
];
