import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'storage-postgres',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite starts in about a second per test file, and the multi-process tests start Node processes.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
