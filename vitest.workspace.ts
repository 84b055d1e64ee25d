// One vitest project per package and example, plus the docs (their runnable code blocks).
export default ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts', 'docs/vitest.config.ts'];
