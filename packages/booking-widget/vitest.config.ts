import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

// The Chromium tests start a service and a browser per file: their hooks and tests get two minutes.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'booking-widget',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
