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

export default defineConfig([
  // ESM keeps ky external, so a bundler dedupes it with the app's own ky.
  { ...shared, format: ['esm'] },
  // ky ships ESM only; the CJS build carries its own copy so `require()` works on every Node 20.
  { ...shared, format: ['cjs'], noExternal: ['ky'] },
]);
