import { defineProject } from 'vitest/config';

// The built documentation site: its build, link check, navigation and pages in Chromium. Its own
// project, named like the other browser project (`*-page`), so CI's run under faketime leaves both
// out with one pattern (see .ci/run).
export default defineProject({
  test: {
    name: 'docs-site-page',
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
