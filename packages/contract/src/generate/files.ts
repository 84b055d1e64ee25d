/**
 * The generated files with their paths, formatted as the repository's prettier config formats them.
 * `npm run types` writes them; `test/types-generated.test.ts` fails when a checked-in copy differs.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { generateTypes, generateTypeTests } from './generate';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Each generated file's absolute path and formatted text. */
export async function generatedFiles(): Promise<{ path: string; text: string }[]> {
  const files = [
    { path: at('../types.generated.ts'), text: generateTypes() },
    { path: at('../../test/types.generated.test-d.ts'), text: generateTypeTests() },
  ];
  return Promise.all(
    files.map(async ({ path, text }) => {
      const options = await resolveConfig(path);
      return { path, text: await format(text, { ...options, filepath: path }) };
    }),
  );
}
