/**
 * Conformance tests of external calendar links: the generic scoped tests, filtered by resource, and
 * the sealed connection stored and read back exactly.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { ExternalCalendarLinkSchema } from '@leadbook/contract';
import type { ExternalCalendarLinkRecord } from '../../ports/records';
import type { ConformanceHarness } from './harness';
import * as make from './fixtures';
import { scopedSuite } from './scoped';

const sealed = () => ({
  keyId: 'key-1',
  iv: randomBytes(12).toString('base64'),
  tag: randomBytes(16).toString('base64'),
  data: randomBytes(48).toString('base64'),
});

const link = (
  organizationId: string,
  overrides: Partial<ExternalCalendarLinkRecord> = {},
): ExternalCalendarLinkRecord => ({
  id: make.id(),
  organizationId,
  resourceId: make.id(),
  provider: 'caldav',
  label: 'Work',
  countsAsBusy: true,
  receivesBookings: false,
  sealedConnection: sealed(),
  createdAt: make.later(),
  updatedAt: make.later(),
  ...overrides,
});

/** Registers the external calendar link tests. */
export function registerExternalCalendarTests(harness: ConformanceHarness): void {
  scopedSuite(harness, {
    name: 'externalCalendarLinks',
    repo: (tx) => tx.externalCalendarLinks,
    build: link,
    // What the console shows of a stored link (its key id comes from the sealed connection).
    schema: {
      parse: (value: unknown) => {
        const record = value as ExternalCalendarLinkRecord;
        const { sealedConnection, ...shown } = record;
        return ExternalCalendarLinkSchema.parse({ ...shown, encryptionKeyId: sealedConnection.keyId });
      },
    },
    change: (r) => ({
      ...r,
      label: null,
      countsAsBusy: false,
      receivesBookings: true,
      sealedConnection: { ...sealed(), keyId: 'key-2' },
      updatedAt: make.later(),
    }),
    filters: ['resourceId'],
  });
}
