import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'calendar-caldav',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Radicale is a Python process started per test file; on a loaded 2-core machine its start
    // alone can take seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
