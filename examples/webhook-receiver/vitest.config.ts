import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: { name: 'example-webhook-receiver', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
