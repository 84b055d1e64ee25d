import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../vitest.shared';

/** The soak's own tests: its checks (pure functions over what the load saw and the database holds). */
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: { name: 'soak', include: ['test/**/*.test.ts'] },
});
