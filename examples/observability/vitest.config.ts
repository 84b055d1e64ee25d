import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: { name: 'example-observability', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
