// One vitest project per package and example, plus the docs (their runnable code blocks)
// and the bench package's own checks of its baselines and floors.
export default [
  'packages/*/vitest.config.ts',
  'examples/*/vitest.config.ts',
  'docs/vitest.config.ts',
  'bench/vitest.config.ts',
];
