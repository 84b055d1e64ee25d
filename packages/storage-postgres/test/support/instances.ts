/**
 * Starts the PostgreSQL-backed service instance (`instance.ts`) in its own process.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { startInstance, type Instance } from '../../../../test-support/processes';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const runner = fileURLToPath(new URL('./instance.ts', import.meta.url));

/**
 * Starts one instance of `instance.ts` with `env` (see its environment variables); resolves once it
 * listens. `tsconfig` makes tsx resolve `@leadbook/*` otherwise than through the package's sources.
 */
export const startPgInstance = (env: Record<string, string>, tsconfig?: string): Promise<Instance> =>
  startInstance({ runner, cwd: packageDir, env, ...(tsconfig ? { tsconfig } : {}) });
