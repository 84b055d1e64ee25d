import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

/**
 * Leaves the bundled dependencies' sources (zod, ky) out of the source maps ending in `suffix`:
 * they map to `node_modules/...` and are a third of the install. The SDK's and contract's own
 * sources stay in the maps.
 */
async function dropDependencySources(suffix: string): Promise<void> {
  const dist = fileURLToPath(new URL('dist', import.meta.url));
  for (const file of await readdir(dist, { recursive: true })) {
    if (!file.endsWith(suffix)) continue;
    const path = join(dist, file);
    const map = JSON.parse(await readFile(path, 'utf8')) as { sources: string[]; sourcesContent?: unknown[] };
    map.sourcesContent = map.sourcesContent?.map((content, index) =>
      map.sources[index]!.includes('/node_modules/') ? null : content,
    );
    await writeFile(path, JSON.stringify(map));
  }
}

const shared: Options = {
  entry: {
    index: 'src/index.ts',
    'public-form/index': 'src/public-form/index.ts',
    'testing/index': 'src/testing/index.ts',
  },
  // The root tsconfig maps the workspace packages to their sources, relative to the repository root;
  // tsup would resolve them from the package folder, find no source and fall back to their `dist`
  // (missing on a fresh clone when this package builds before @leadbook/server).
  dts: { compilerOptions: { baseUrl: fileURLToPath(new URL('../..', import.meta.url)) } },
  sourcemap: true,
  target: 'es2022',
  external: ['msw', '@leadbook/server'],
};

// The contract (its operation catalogue and webhook schema, for response validation) and zod are
// bundled: an SDK install does not pull zod's 3.6 MB package, and the declarations carry the
// contract's generated interfaces rather than zod types (see "Bundled dependencies" in the README).
const bundled = [/^@leadbook\/contract/, 'zod'];
const declarations: Options['dts'] = {
  ...(shared.dts as object),
  resolve: [/^@leadbook\/contract/],
};

export default defineConfig([
  // ESM keeps ky external, so a bundler dedupes it with the app's own ky.
  {
    ...shared,
    format: ['esm'],
    noExternal: bundled,
    dts: declarations,
    onSuccess: () => dropDependencySources('.js.map'),
  },
  // ky ships ESM only; the CJS build carries its own copy, so `require()` needs no require(esm) and
  // bundlers that load the CJS build get a self-contained file.
  {
    ...shared,
    format: ['cjs'],
    noExternal: [...bundled, 'ky'],
    dts: declarations,
    onSuccess: () => dropDependencySources('.cjs.map'),
  },
]);
