import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: { name: 'example-testing-with-msw', include: ['test/**/*.test.ts'] },
});
