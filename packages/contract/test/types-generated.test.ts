import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../src/generate/files';

describe('the generated types', () => {
  it('are up to date with the zod schemas (run `npm run types` when this fails)', async () => {
    for (const { path, text } of await generatedFiles()) {
      expect(await readFile(path, 'utf8'), path).toBe(text);
    }
  });
});
