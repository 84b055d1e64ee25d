import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'notify-smtp',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // SMTP exchanges over STARTTLS on a loaded 2-core machine can take seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
