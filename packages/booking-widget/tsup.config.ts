import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  target: 'es2022',
  platform: 'browser',
  format: ['esm'],
  sourcemap: true,
};

export default defineConfig([
  // For bundlers: the SDK stays a dependency, so an app that uses it too has one copy.
  {
    ...shared,
    entry: { index: 'src/index.ts', react: 'src/react.ts' },
    external: [/^@leadbook\/sdk/],
    dts: { compilerOptions: { baseUrl: fileURLToPath(new URL('../..', import.meta.url)) } },
  },
  // For a script tag (or an ESM CDN path): one self-contained, minified module.
  { ...shared, entry: { 'leadbook-booking': 'src/leadbook-booking.ts' }, noExternal: [/.*/], minify: true },
]);
