import { defineProject } from 'vitest/config';
import { workspaceAlias } from '../../vitest.shared';

/**
 * The type tests (`*.test-d.ts`) are checked by `npm run typecheck`, whose `tsc` covers `test/`
 * (and `src/`): a failing `expectTypeOf` is a type error there. Vitest does not check them again.
 */
export default defineProject({
  resolve: { alias: workspaceAlias },
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
