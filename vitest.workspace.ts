// One vitest project per package and example, plus the docs (their runnable code blocks), the
// built documentation site, and the bench package's own checks of its baselines and floors.
export default [
  'packages/*/vitest.config.ts',
  'examples/*/vitest.config.ts',
  'docs/vitest.config.ts',
  'docs/site/vitest.config.ts',
  'bench/vitest.config.ts',
];
