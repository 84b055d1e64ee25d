import { defineConfig } from 'tsup';

// One browser bundle (the widget, the SDK's public-form entry and ky included), next to the copied index.html.
export default defineConfig({
  entry: { form: 'src/main.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'browser',
  target: 'es2022',
  minify: true,
  noExternal: [/.*/],
  clean: true,
  outExtension: () => ({ js: '.js' }),
  publicDir: 'public',
});
