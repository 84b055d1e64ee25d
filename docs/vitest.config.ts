import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../vitest.shared';

export default defineProject({
  // The docs' tests import the packages as their users do, resolved to the sources (never a stale build).
  resolve: { alias: workspaceAlias },
  test: { name: 'docs', include: ['test/**/*.test.ts'], testTimeout: 120_000 },
});
