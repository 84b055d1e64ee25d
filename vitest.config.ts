import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The whole test suite: one vitest project per package and example, plus the docs (their runnable
 * code blocks), the built documentation site, the bench package's own checks of its baselines
 * and floors, and the soak's checks.
 *
 * Vitest runs one test file per CPU but one, which is a single worker on a 2-core machine such as
 * CI's. Most of this suite's long files wait rather than compute (on PostgreSQL, child processes,
 * loopback sockets, Chromium, real timers), so it runs two files at a time there;
 * `LEADBOOK_TEST_WORKERS` sets another number. Every file works in its own databases, schemas,
 * ports and temporary directories, so files never share state.
 */
const workers = Number(process.env['LEADBOOK_TEST_WORKERS'] ?? Math.max(2, availableParallelism() - 1));

export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/booking-widget/vitest.browser.config.ts',
      'examples/*/vitest.config.ts',
      'docs/vitest.config.ts',
      'docs/site/vitest.config.ts',
      'bench/vitest.config.ts',
      'soak/vitest.config.ts',
    ],
    maxWorkers: workers,
  },
});
