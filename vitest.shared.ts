import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Resolve workspace packages to their TypeScript sources in tests, so a test never runs
 * against a stale build. The published packages resolve to `dist` through their exports maps.
 */
export const workspaceAlias = [
  { find: /^@leadbook\/contract$/, replacement: here('./packages/contract/src/index.ts') },
  { find: /^@leadbook\/contract\/openapi$/, replacement: here('./packages/contract/src/openapi/index.ts') },
  { find: /^@leadbook\/contract\/types$/, replacement: here('./packages/contract/src/types.ts') },
  { find: /^@leadbook\/server$/, replacement: here('./packages/server/src/index.ts') },
  { find: /^@leadbook\/server\/testing$/, replacement: here('./packages/server/src/testing/index.ts') },
  { find: /^@leadbook\/server\/sql$/, replacement: here('./packages/server/src/adapters/sql-kit/index.ts') },
  {
    find: /^@leadbook\/server\/studio$/,
    replacement: here('./packages/server/src/testing/studio/index.ts'),
  },
  { find: /^@leadbook\/sdk$/, replacement: here('./packages/sdk/src/index.ts') },
  { find: /^@leadbook\/sdk\/public-form$/, replacement: here('./packages/sdk/src/public-form/index.ts') },
  { find: /^@leadbook\/sdk\/testing$/, replacement: here('./packages/sdk/src/testing/index.ts') },
  { find: /^@leadbook\/meetings-zoom$/, replacement: here('./packages/meetings-zoom/src/index.ts') },
  { find: /^@leadbook\/calendar-caldav$/, replacement: here('./packages/calendar-caldav/src/index.ts') },
  { find: /^@leadbook\/calendar-google$/, replacement: here('./packages/calendar-google/src/index.ts') },
  { find: /^@leadbook\/notify-smtp$/, replacement: here('./packages/notify-smtp/src/index.ts') },
  { find: /^@leadbook\/booking-widget$/, replacement: here('./packages/booking-widget/src/index.ts') },
  {
    find: /^@leadbook\/storage-postgres$/,
    replacement: here('./packages/storage-postgres/src/index.ts'),
  },
];
