import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

// The Chromium tests: each file starts a service and a browser; hooks and tests get two minutes.
// The name ends in `-page`, like the other projects that drive Chromium (see .ci/run).
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'booking-widget-page',
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
