import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  // The root tsconfig maps the workspace packages to their sources; resolved from the repository
  // root, the declarations refer to `@leadbook/server` rather than a missing `dist`.
  dts: { compilerOptions: { baseUrl: fileURLToPath(new URL('../..', import.meta.url)) } },
  clean: true,
  sourcemap: true,
  target: 'node22',
  external: ['@leadbook/server'],
});
