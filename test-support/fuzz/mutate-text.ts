/**
 * Mutations of a body's bytes: invalid JSON, invalid UTF-8, byte-order marks and UTF-16, duplicate
 * keys, number literals JavaScript reads as Infinity, and nesting far deeper than any limit (built as
 * text: a 45,000-level value would overflow `JSON.stringify` in the test itself).
 *
 * @module
 */
import { setAt, showPath, someNode } from './json-paths';
import { bodyText, hasJsonBody, mutation, setBodyText, type Mutation } from './mutation';
import type { Random } from './random';
import type { FuzzRequest } from './request';

const hasBody = (request: FuzzRequest) => request.body !== undefined;

/** A text-phase mutation: reads the body as text and writes bytes. */
const onText = (name: string, weight: number, apply: (request: FuzzRequest, random: Random) => string) =>
  mutation(name, 'text', weight, hasBody, apply);

/** A string no body holds, replaced by the nested text once the value is JSON. */
const MARKER_VALUE = '\u0001fuzz-marker\u0001';
const MARKER = JSON.stringify(MARKER_VALUE);

/** `levels` nested objects or arrays around a leaf, as JSON text. */
function nested(levels: number, random: Random): string {
  const array = random.chance(0.5);
  return array
    ? '['.repeat(levels) + '1' + ']'.repeat(levels)
    : '{"a":'.repeat(levels) + '"leaf"' + '}'.repeat(levels);
}

export const textMutations: readonly Mutation[] = [
  onText('text.invalid-json', 4, (request, random) => {
    const text = bodyText(request);
    const cut = random.int(Math.max(1, text.length));
    const variants: Array<[string, string]> = [
      ['truncated', text.slice(0, cut)],
      ['trailing garbage', `${text}}`],
      ['two documents', `${text}${text}`],
      ['leading garbage', `)]}'\n${text}`],
      ['single quotes', text.replace(/"/g, "'")],
      ['trailing comma', text.replace(/}$/, ',}')],
      ['comment', `/* c */${text}`],
      ['NaN', text.replace(/:\s*("[^"]*"|\d+)/, ':NaN')],
      ['empty', ''],
      ['whitespace', ' \n\t '],
      ['bare word', 'undefined'],
      ['control character', text.replace(/"/, '"\u0001')],
    ];
    const [label, out] = random.pick(variants);
    setBodyText(request, out);
    return label;
  }),
  onText('text.invalid-utf8', 2, (request, random) => {
    const bytes = Buffer.from(bodyText(request), 'utf8');
    const bad = random.pick([
      [0xff],
      [0xc3, 0x28],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ]);
    // Inside a string where possible: the parser then meets the bytes mid-value.
    const quote = bytes.indexOf(0x22, random.int(Math.max(1, bytes.length)));
    const at = quote === -1 ? random.int(bytes.length + 1) : quote + 1;
    request.body = { bytes: Buffer.concat([bytes.subarray(0, at), Buffer.from(bad), bytes.subarray(at)]) };
    return `bytes ${bad.map((b) => b.toString(16)).join(' ')} at ${at}`;
  }),
  onText('text.bom-or-utf16', 2, (request, random) => {
    const text = bodyText(request);
    const variant = random.pick(['utf8-bom', 'utf16le-bom', 'utf16le', 'utf16be-bom'] as const);
    const utf16le = Buffer.from(text, 'utf16le');
    const bytes =
      variant === 'utf8-bom'
        ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
        : variant === 'utf16le'
          ? utf16le
          : variant === 'utf16le-bom'
            ? Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le])
            : Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16le).swap16()]);
    request.body = { bytes };
    return variant;
  }),
  onText('text.duplicate-key', 2, (request, random) => {
    const text = bodyText(request);
    const keys = [...text.matchAll(/"([^"\\]{1,40})":/g)].map((match) => match[1]!);
    const key = keys.length > 0 ? random.pick(keys) : 'data';
    const value = random.pick(['null', '1', '"x"', '{}', '[]', '{"__proto__":{"polluted":true}}']);
    setBodyText(request, text.replace(/}\s*$/, `,"${key}":${value}}`));
    return `"${key}": ${value}`;
  }),
  onText('text.number-literal', 2, (request, random) => {
    const literal = random.pick([
      '1e999',
      '-1e999',
      '123456789012345678901234567890',
      '1e-400',
      '-0',
      '01',
      '.5',
      '0x10',
    ]);
    const text = bodyText(request);
    // Replaces the first number, or the first string value, with the literal.
    const out = /:\s*-?\d/.test(text)
      ? text.replace(/:\s*-?\d[\d.eE+-]*/, `:${literal}`)
      : text.replace(/:\s*"(?:[^"\\]|\\.)*"/, `:${literal}`);
    setBodyText(request, out);
    return literal;
  }),
  onText('text.deep', 3, (request, random) => {
    // Up to 45,000 arrays (90 KB, inside the 100 KiB body limit): enough to overflow a recursive walk.
    const levels = random.pick([31, 33, 40, 500, 5_000, 15_000, 45_000]);
    let marked: string;
    let where: string;
    if (hasJsonBody(request)) {
      // At any node of the value (inside lead data, where it passes validation, as often as not).
      const path = someNode(request.body.json, random);
      marked = JSON.stringify(setAt(request.body.json, path, MARKER_VALUE)) ?? MARKER;
      where = showPath(path);
    } else {
      // Bytes already changed by another mutation: the first value, else the whole body.
      const text = bodyText(request);
      marked = text.includes(':') ? text.replace(/:\s*("(?:[^"\\]|\\.)*"|[^,{}[\]]+)/, `:${MARKER}`) : MARKER;
      where = 'first value';
    }
    setBodyText(request, marked.replace(MARKER, nested(levels, random)));
    return `${levels} levels at ${where}`;
  }),
  onText('text.padding', 1, (request, random) => {
    const size = random.pick([10_000, 99_000, 110_000]);
    setBodyText(request, `${' '.repeat(size)}${bodyText(request)}`);
    return `${size} spaces`;
  }),
];
