import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../src/generate/files';

const src = new URL('../src/', import.meta.url);

describe('the generated types', () => {
  it('are up to date with the zod schemas (run `npm run types` when this fails)', async () => {
    for (const { path, text } of await generatedFiles()) {
      expect(await readFile(path, 'utf8'), path).toBe(text);
    }
  });

  it('replace z.infer aliases: a new schema type goes into src/generate/catalogue/', () => {
    // A `z.infer` alias would show as zod internals in the docs and in editors: name the schema in
    // the catalogue instead, and run `npm run types`. The meetings input adds `| null` to a named type.
    const aliases = readdirSync(src)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [
          ...readFileSync(new URL(file, src), 'utf8').matchAll(
            /export type (\w+) = z\.(?:infer|input|output)</g,
          ),
        ].map((match) => `${file}: ${match[1]}`),
      );
    expect(aliases).toEqual(['meetings.ts: AppointmentTypeMeetingsInput']);
  });
});
