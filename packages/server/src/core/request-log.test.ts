import { describe, expect, it } from 'vitest';
import type { LogFields } from '../ports/logger';
import { createAlarm } from '../adapters/timer-scheduler/alarm';
import { outsideRequest, runInRequest, setRequestOrganization, withRequestFields } from './request-log';

function capture() {
  const lines: Array<[string, LogFields | undefined]> = [];
  const at = (message: string, fields?: LogFields) => void lines.push([message, fields]);
  return { lines, logger: withRequestFields({ debug: at, info: at, warn: at, error: at }) };
}

describe('request fields of log lines', () => {
  it('adds the request id to every line of the request, across awaits, and the organization once set', async () => {
    const { lines, logger } = capture();
    logger.info('before');
    await runInRequest('req_1', async () => {
      logger.debug('admitted');
      await new Promise((resolve) => setImmediate(resolve));
      setRequestOrganization('org_1');
      logger.warn('after auth', { bookingId: 'b1' });
      logger.error('explicit wins', { requestId: 'req_other' });
    });
    logger.info('after');
    expect(lines).toEqual([
      ['before', undefined],
      ['admitted', { requestId: 'req_1' }],
      ['after auth', { requestId: 'req_1', organizationId: 'org_1', bookingId: 'b1' }],
      ['explicit wins', { requestId: 'req_other', organizationId: 'org_1' }],
      ['after', undefined],
    ]);
  });

  it('keeps two concurrent requests apart', async () => {
    const { lines, logger } = capture();
    const request = (id: string) =>
      runInRequest(id, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        logger.info(id);
      });
    await Promise.all([request('req_a'), request('req_b')]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['req_a', { requestId: 'req_a' }],
        ['req_b', { requestId: 'req_b' }],
      ]),
    );
  });

  it('leaves out the request in work run outside it, such as a scheduler timer armed during it', async () => {
    const { lines, logger } = capture();
    let fired!: () => void;
    const firing = new Promise<void>((resolve) => (fired = resolve));
    runInRequest('req_1', () => {
      outsideRequest(() => logger.info('outside'));
      createAlarm(() => {
        logger.info('job fired');
        fired();
      }).set(0);
    });
    await firing;
    expect(lines).toEqual([
      ['outside', undefined],
      ['job fired', undefined],
    ]);
  });
});
