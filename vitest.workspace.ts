// One vitest project per package and example; each folder's vitest.config.ts names its project.
export default ['packages/*/vitest.config.ts', 'examples/*/vitest.config.ts'];
