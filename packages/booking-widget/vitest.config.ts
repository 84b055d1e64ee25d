import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

// The unit tests and the size budget. The Chromium tests (test/browser/) are the project
// `booking-widget-page` (vitest.browser.config.ts), which the run under faketime leaves out.
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'booking-widget',
    include: ['src/**/*.test.ts', 'test/*.test.ts'],
  },
});
