/**
 * A storage adapter built against another installed copy of `@leadbook/server` throws that copy's
 * `StorageError`, a different class from this copy's: the service must still answer a database
 * failure as one (recognised by its brand, not `instanceof`).
 */
import {
  createConnectService,
  createSqlJsStorage,
  StorageError,
  type StorageAdapter,
} from '@leadbook/server';
import { describe, expect, it, vi } from 'vitest';
import { checkedSend } from '../../../test-support/openapi';
import { testClock } from '../../../test-support/time';

const TOKEN = `service_live_${'cd'.repeat(32)}`;

describe('a StorageError from a second copy of @leadbook/server', () => {
  it('is a 500 DATABASE_ERROR, not an INTERNAL_ERROR', async () => {
    const inner = await createSqlJsStorage();
    let failure: Error | undefined;
    const storage: StorageAdapter = {
      name: 'other-copy',
      transaction: (fn, options) => (failure ? Promise.reject(failure) : inner.transaction(fn, options)),
      close: () => inner.close(),
    };
    const service = await createConnectService({ storage, clock: testClock() });

    // The same source loaded again after a module reset: a separate copy, as a second install is.
    vi.resetModules();
    const other = await import('@leadbook/server');
    expect(other.StorageError).not.toBe(StorageError);
    failure = new other.StorageError('other-copy: connection refused');
    expect(failure).not.toBeInstanceOf(StorageError);

    const response = await checkedSend((request) => service.fetch(request))(
      new Request('http://leadbook.test/connect/calendar/', {
        headers: { authorization: `Bearer ${TOKEN}` },
      }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ statusCode: 500, error: 'DATABASE_ERROR' });
    failure = undefined;
    await service.close();
  });
});
