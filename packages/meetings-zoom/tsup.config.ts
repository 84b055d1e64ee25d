import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  entry: { index: 'src/index.ts' },
  // The root tsconfig maps the workspace packages to their sources; resolved from the repository
  // root, the declarations refer to `@leadbook/server` rather than a missing `dist`.
  dts: { compilerOptions: { baseUrl: fileURLToPath(new URL('../..', import.meta.url)) } },
  sourcemap: true,
  target: 'node22',
  external: ['@leadbook/server'],
};

export default defineConfig([
  // ESM keeps ky external, so the app's own ky is shared.
  { ...shared, format: ['esm'], clean: true },
  // ky ships ESM only; the CJS build carries its own copy so `require()` works on every Node 20.
  { ...shared, format: ['cjs'], noExternal: ['ky'] },
]);
