/**
 * `npm run types`: renders the contract's named types from its zod schemas into
 * `packages/contract/src/types.generated.ts` (and their type test). Run it after changing a schema
 * or the type catalogue (`packages/contract/src/generate/catalogue/`).
 */
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { generatedFiles } from '../packages/contract/src/generate/files';

for (const { path, text } of await generatedFiles()) {
  await writeFile(path, text);
  console.log(`wrote ${relative(process.cwd(), path)}`);
}
