/**
 * Import rules of the packages' sources, checked by `npm run lint` (dependency-cruiser): no cycles,
 * and in @leadbook/server the layers only import downwards. The composition root (`compose.ts`,
 * `service.ts`, `options.ts`, `index.ts`) and `testing/` sit on top and may import anything.
 */
const server = '^packages/server/src/';
/** Layers of @leadbook/server, bottom up, with what each may not import. */
const layers = [
  { name: 'domain', forbidden: ['core', 'usecases', 'admin', 'http', 'adapters', 'events', 'testing'] },
  { name: 'ports', forbidden: ['core', 'usecases', 'admin', 'http', 'adapters', 'events', 'testing'] },
  {
    name: 'telemetry',
    forbidden: ['core', 'usecases', 'admin', 'http', 'adapters', 'events', 'testing'],
  },
  { name: 'core', forbidden: ['usecases', 'admin', 'http', 'adapters', 'testing'] },
  { name: 'events', forbidden: ['usecases', 'admin', 'http', 'adapters', 'testing'] },
  { name: 'adapters', forbidden: ['usecases', 'admin', 'http', 'testing'] },
  { name: 'usecases', forbidden: ['admin', 'http', 'adapters', 'testing'] },
  { name: 'admin', forbidden: ['http', 'adapters', 'testing'] },
  { name: 'http', forbidden: ['admin', 'adapters', 'testing'] },
];
const top = `${server}(compose|service|options|index)\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes modules depend on their load order.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-imports-bench',
      severity: 'error',
      comment: 'bench/ is a private package of benchmarks: no package, test or example depends on it.',
      from: { pathNot: '^bench/' },
      to: { path: '^bench/' },
    },
    {
      name: 'bench-imports-public-entry-points',
      severity: 'error',
      comment:
        'bench/ measures the packages as users get them: no relative import leaves bench/ (packages come ' +
        'through their public entry points; bench/test/imports.test.ts checks which).',
      from: { path: '^bench/', pathNot: '^bench/vitest\\.config\\.ts$' },
      to: { pathNot: '^bench/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'nothing-imports-soak',
      severity: 'error',
      comment: 'soak/ is a private package (the chaos soak): no package, test or example depends on it.',
      from: { pathNot: '^soak/' },
      to: { path: '^soak/' },
    },
    {
      name: 'soak-imports-public-entry-points',
      severity: 'error',
      comment:
        'soak/ runs the packages as users get them: no relative import leaves soak/ (packages come through ' +
        'their public entry points).',
      from: { path: '^soak/', pathNot: '^soak/vitest\\.config\\.ts$' },
      to: { pathNot: '^soak/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    },
    ...layers.map(({ name, forbidden }) => ({
      name: `server-${name}-imports-downwards`,
      severity: 'error',
      comment: `${name}/ may not import from ${forbidden.join(', ')}/ or the composition root.`,
      from: { path: `${server}${name}/`, pathNot: '\\.test\\.ts$' },
      to: { path: [`${server}(${forbidden.join('|')})/`, top] },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
