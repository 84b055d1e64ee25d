import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../vitest.shared';

/** The bench package's own tests: its imports stay public and its baselines agree with the service. */
export default defineProject({
  resolve: { alias: workspaceAlias },
  // A guard against hangs only: the first search loads sql.js, slow on a busy machine.
  test: { name: 'bench', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
