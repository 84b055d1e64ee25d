import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

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
  { ...shared, format: ['esm'], noExternal: bundled, dts: declarations },
  // ky ships ESM only; the CJS build carries its own copy, so `require()` needs no require(esm) and
  // bundlers that load the CJS build get a self-contained file.
  { ...shared, format: ['cjs'], noExternal: [...bundled, 'ky'], dts: declarations },
]);
