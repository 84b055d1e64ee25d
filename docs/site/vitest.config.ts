import { defineProject } from 'vitest/config';

// The built documentation site: its build, link check, navigation and pages in Chromium. Its own
// project, so CI's run under faketime can leave the slow browser part out (see .ci/run).
export default defineProject({
  test: { name: 'docs-site', include: ['test/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 },
});
