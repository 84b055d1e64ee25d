/**
 * Field patterns: compiling them the way submissions use them, and refusing patterns that can
 * backtrack catastrophically. `safe-regex2` catches nested quantifiers such as `(a+)+`; it does not
 * see ambiguous alternation under a quantifier such as `(x|x)*`, so a sampling check adds that.
 *
 * @module
 */
import safeRegex from 'safe-regex2';

function compile(source: string): RegExp | null {
  try {
    return new RegExp(source, 'u');
  } catch {
    return null;
  }
}

/**
 * Compiles a field pattern so that it must match the whole value. Returns `null` for a pattern that
 * is not a valid `u` regular expression on its own (which also refuses `a)|(b`, a pattern that
 * would escape the anchors once wrapped).
 *
 * @param pattern - The field's `pattern`.
 */
export function compileFieldPattern(pattern: string): RegExp | null {
  if (compile(pattern) === null) return null;
  return compile(`^(?:${pattern})$`);
}

/** Whether a quantifier starting at `at` lets its atom repeat more than once. */
function repeats(pattern: string, at: number): boolean {
  const next = pattern[at];
  if (next === '*' || next === '+') return true;
  if (next !== '{') return false;
  const match = /^\{(\d+)(,(\d*))?\}/u.exec(pattern.slice(at));
  if (!match) return false;
  const upper = match[2] === undefined ? match[1] : match[3];
  return upper === undefined || upper === '' || Number(upper) > 1;
}

/** The bodies of the groups a quantifier repeats (lookarounds left out). */
function repeatedGroupBodies(pattern: string): string[] {
  const opens: number[] = [];
  const bodies: string[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') opens.push(i);
    else if (char === ')') {
      const open = opens.pop();
      if (open === undefined || !repeats(pattern, i + 1)) continue;
      const inner = pattern.slice(open + 1, i);
      if (/^\?(?:=|!|<=|<!)/u.test(inner)) continue;
      bodies.push(inner.replace(/^\?(?::|<[^>]*>)/u, ''));
    }
  }
  return bodies;
}

/** Splits a group body at its top-level `|`. */
function branches(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) {
      parts.push(body.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(body.slice(from));
  return parts;
}

const SAMPLE_CHARS = ['a', 'b', 'z', 'A', 'Z', '0', '1', '9', '_', '-', '.', ' ', '@', '+', '/', 'é', '\n'];

/** One- and two-character probes: the pattern's own characters plus a few of each class. */
function probes(pattern: string): string[] {
  const alphabet = [...new Set([...SAMPLE_CHARS, ...pattern])].slice(0, 64);
  return [...alphabet, ...alphabet.flatMap((first) => alphabet.map((second) => first + second))];
}

/**
 * Whether a repeated body can match one string in two ways: two branches match it, or it matches
 * both one and several repetitions. Either makes backtracking exponential in the input length.
 */
function isAmbiguous(body: string, samples: readonly string[]): boolean {
  const once = compile(`^(?:${body})$`);
  const several = compile(`^(?:${body})(?:${body})+$`);
  const alternatives = branches(body).flatMap((branch) => compile(`^(?:${branch})$`) ?? []);
  return samples.some((sample) => {
    if (once?.test(sample) && several?.test(sample)) return true;
    return alternatives.filter((alternative) => alternative.test(sample)).length > 1;
  });
}

/**
 * Whether a pattern is safe to run against submitted values: no nested quantifiers (`safe-regex2`)
 * and no repeated group that can match the same text in two ways. Conservative: some harmless
 * patterns such as `(?:[a-z]+\.)+` are refused too.
 *
 * @param pattern - The field's `pattern`, assumed to compile.
 */
export function isPatternSafe(pattern: string): boolean {
  if (!safeRegex(pattern)) return false;
  const bodies = repeatedGroupBodies(pattern);
  if (bodies.length === 0) return true;
  const samples = probes(pattern);
  return !bodies.some((body) => isAmbiguous(body, samples));
}
