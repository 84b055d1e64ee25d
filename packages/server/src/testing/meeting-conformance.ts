/**
 * The meeting provider conformance suite: every adapter of the meeting provider port (the
 * in-memory provider, `@leadbook/meetings-zoom`, a Google Meet or Teams adapter of your own) runs
 * it from its own test file, against a fake of the provider's API (msw handlers, never the network).
 *
 * @module
 */
import { describe, expect } from 'vitest';
import {
  isMeetingProviderError,
  type MeetingProvider,
  type MeetingRef,
  type MeetingRequest,
  type MeetingTime,
} from '../ports/meetings';
import { namedTests } from './named-tests';
import type { ConformanceSkip } from './storage-conformance/harness';

/** What the suite inspects: the meeting as the fake of the provider's API holds it. */
export interface MeetingProviderUnderTest {
  /** The provider, ready to call. */
  provider: MeetingProvider;
  /** A host user the fake accepts. */
  hostUserId: string;
  /** The meeting's start and length as the fake holds them, or null when it holds no such meeting. */
  inspect(externalId: string): Promise<{ startTime: string; durationMinutes: number } | null>;
  /** Releases what `create` set up (servers, handlers). */
  dispose(): Promise<void>;
}

/** Options of {@link runMeetingProviderConformance}. */
export interface MeetingProviderConformanceOptions {
  /** The suite's name in the test report, such as `zoom (msw)`. */
  name: string;
  /** Creates a fresh provider over an empty fake; each test gets its own. */
  create: () => Promise<MeetingProviderUnderTest>;
  /**
   * Tests this adapter does not run, each with its reason. A skip entry that names no test fails
   * the suite. Names are `"<group> > <title>"`.
   */
  skip?: ConformanceSkip[];
}

const START = '2030-03-04T09:00:00.000Z';
const LATER = '2030-03-05T15:30:00.000Z';
const request = (bookingId: string, hostUserId: string): MeetingRequest => ({
  bookingId,
  hostUserId,
  topic: 'Trial session',
  startTime: START,
  durationMinutes: 60,
  timezone: 'Europe/Berlin',
});
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * Registers the meeting provider conformance tests with vitest: create returns an id, a join URL,
 * a passcode or null and the start the provider holds; each creation is a new meeting; update moves
 * a meeting; delete removes one and treats an unknown one as deleted; update of an unknown meeting
 * is a non-retryable `MeetingProviderError`; an aborted signal stops a call. Call it at the top
 * level of a test file.
 *
 * @example
 * ```ts
 * import { createInMemoryMeetingProvider } from '@leadbook/server';
 * import { runMeetingProviderConformance } from '@leadbook/server/testing';
 *
 * runMeetingProviderConformance({
 *   name: 'in-memory',
 *   create: async () => {
 *     const provider = createInMemoryMeetingProvider();
 *     return {
 *       provider,
 *       hostUserId: 'host@example.com',
 *       inspect: async (id) => provider.meetings.get(id) ?? null,
 *       dispose: async () => undefined,
 *     };
 *   },
 *   skip: [{ test: 'calls > an aborted signal stops a call', reason: 'our client cannot be aborted' }],
 * });
 * ```
 */
export function runMeetingProviderConformance(options: MeetingProviderConformanceOptions): void {
  const { test, checkSkips } = namedTests('runMeetingProviderConformance', options);

  describe(`meeting provider conformance: ${options.name}`, () => {
    describe('meetings', () => {
      test(
        'meetings',
        'create returns the id, join URL, passcode and start the provider holds',
        async (u) => {
          const created = await u.provider.create(request('booking-1', u.hostUserId));
          expect(created.externalId).toMatch(/\S/);
          expect(new URL(created.joinUrl).protocol).toBe('https:');
          expect(created.password === null || typeof created.password === 'string').toBe(true);
          expect(sameInstant(created.startTime, START)).toBe(true);
          const held = await u.inspect(created.externalId);
          expect(held && sameInstant(held.startTime, START) && held.durationMinutes).toBe(60);
        },
      );
      test('meetings', 'each creation is a meeting of its own', async (u) => {
        const [a, b] = [
          await u.provider.create(request('booking-1', u.hostUserId)),
          await u.provider.create(request('booking-2', u.hostUserId)),
        ];
        expect(a.externalId).not.toBe(b.externalId);
      });
      test('meetings', 'update moves the meeting to the new time and length', async (u) => {
        const created = await u.provider.create(request('booking-1', u.hostUserId));
        const ref: MeetingRef = {
          externalId: created.externalId,
          hostUserId: u.hostUserId,
          bookingId: 'booking-1',
        };
        const time: MeetingTime = { startTime: LATER, durationMinutes: 45, timezone: 'Europe/Berlin' };
        await u.provider.update(ref, time);
        const held = await u.inspect(created.externalId);
        expect(held && sameInstant(held.startTime, LATER) && held.durationMinutes).toBe(45);
      });
      test('meetings', 'delete removes the meeting; deleting it again is done too', async (u) => {
        const created = await u.provider.create(request('booking-1', u.hostUserId));
        const ref: MeetingRef = {
          externalId: created.externalId,
          hostUserId: u.hostUserId,
          bookingId: 'booking-1',
        };
        await u.provider.delete(ref);
        expect(await u.inspect(created.externalId)).toBeNull();
        await expect(u.provider.delete(ref)).resolves.toBeUndefined();
      });
    });
    describe('calls', () => {
      test('calls', 'update of an unknown meeting is a MeetingProviderError no retry mends', async (u) => {
        const ref: MeetingRef = { externalId: '999000999', hostUserId: u.hostUserId, bookingId: 'booking-1' };
        const error: unknown = await u.provider
          .update(ref, { startTime: LATER, durationMinutes: 30, timezone: 'UTC' })
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(isMeetingProviderError(error)).toBe(true);
        expect((error as { retryable: boolean }).retryable).toBe(false);
      });
      test('calls', 'an aborted signal stops a call', async (u) => {
        const controller = new AbortController();
        controller.abort();
        await expect(
          u.provider.create(request('booking-1', u.hostUserId), { signal: controller.signal }),
        ).rejects.toBeTruthy();
      });
    });
    checkSkips();
  });
}
