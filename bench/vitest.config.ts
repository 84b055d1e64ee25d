import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../vitest.shared';

/** The bench package's own tests: its baselines and floors are checked against the real code. */
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: { name: 'bench', include: ['test/**/*.test.ts'] },
});
