/**
 * An in-memory meeting provider for tests and demos: meetings live in a map, their links are
 * clearly fake (`https://meet.invalid/...`: the `.invalid` top-level domain never resolves), and
 * failures can be scripted per operation.
 *
 * @module
 */
import type {
  CreatedMeeting,
  MeetingProvider,
  MeetingProviderName,
  MeetingRef,
  MeetingRequest,
  MeetingTime,
} from '../../ports/meetings';
import { MeetingProviderError } from '../../ports/meetings';

/** A meeting the in-memory provider holds. */
export interface InMemoryMeeting extends MeetingTime {
  /** The meeting id. */
  externalId: string;
  /** The booking it was created for. */
  bookingId: string;
  /** The host user. */
  hostUserId: string;
  /** The title. */
  topic: string;
  /** The fake join URL. */
  joinUrl: string;
  /** The fake passcode. */
  password: string;
}

/** A provider operation. */
export type MeetingOperation = 'create' | 'update' | 'delete';

/** The in-memory provider, with what a test inspects and scripts. */
export interface InMemoryMeetingProvider extends MeetingProvider {
  /** The meetings that exist now, by id. */
  readonly meetings: ReadonlyMap<string, InMemoryMeeting>;
  /** Every call made, in order (failed ones included). */
  readonly calls: ReadonlyArray<{ operation: MeetingOperation; bookingId: string }>;
  /** Makes the next `times` calls of `operation` throw `error` (or a retryable 503-like error). */
  fail(operation: MeetingOperation, error?: Error, times?: number): void;
}

/** Options of {@link createInMemoryMeetingProvider}. */
export interface InMemoryMeetingProviderOptions {
  /** The provider name bookings carry. Default: `zoom` (the one name the 2.16.0 interface allows). */
  name?: MeetingProviderName;
  /** Where the fake links point. Default: `https://meet.invalid`. */
  baseUrl?: string;
}

/**
 * Creates an in-memory meeting provider. Meetings get ids `1`, `2`, ... and links
 * `https://meet.invalid/<id>`; updating or deleting an unknown meeting behaves as Zoom does
 * (update: a non-retryable 404 error; delete: done).
 *
 * @example
 * ```ts
 * import { createConnectService, createInMemoryMeetingProvider } from '@leadbook/server';
 *
 * const meetings = createInMemoryMeetingProvider();
 * const service = await createConnectService({ meetings: { providers: [meetings] } });
 * meetings.fail('create'); // the first creation fails once (and is retried)
 * ```
 */
export function createInMemoryMeetingProvider(
  options: InMemoryMeetingProviderOptions = {},
): InMemoryMeetingProvider {
  const baseUrl = (options.baseUrl ?? 'https://meet.invalid').replace(/\/+$/, '');
  const meetings = new Map<string, InMemoryMeeting>();
  const calls: Array<{ operation: MeetingOperation; bookingId: string }> = [];
  const scripted: Array<{ operation: MeetingOperation; error: Error }> = [];
  let next = 1;

  const enter = (operation: MeetingOperation, bookingId: string, signal: AbortSignal | undefined) => {
    calls.push({ operation, bookingId });
    if (signal?.aborted) throw new MeetingProviderError('the call was aborted', { retryable: true });
    const index = scripted.findIndex((entry) => entry.operation === operation);
    if (index >= 0) throw scripted.splice(index, 1)[0]!.error;
  };

  return {
    name: options.name ?? 'zoom',
    meetings,
    calls,
    fail(operation, error, times = 1) {
      for (let i = 0; i < times; i++) {
        scripted.push({
          operation,
          error:
            error ??
            new MeetingProviderError('HTTP 503: the provider is unavailable', {
              retryable: true,
              status: 503,
            }),
        });
      }
    },
    async create(request: MeetingRequest, callOptions = {}): Promise<CreatedMeeting> {
      enter('create', request.bookingId, callOptions.signal);
      const externalId = String(next++);
      const meeting: InMemoryMeeting = {
        externalId,
        bookingId: request.bookingId,
        hostUserId: request.hostUserId,
        topic: request.topic,
        startTime: new Date(Date.parse(request.startTime)).toISOString(),
        durationMinutes: request.durationMinutes,
        timezone: request.timezone,
        joinUrl: `${baseUrl}/${externalId}`,
        password: `fake-${externalId}`,
      };
      meetings.set(externalId, meeting);
      const { joinUrl, password, startTime } = meeting;
      return { externalId, joinUrl, password, startTime };
    },
    async update(ref: MeetingRef, time: MeetingTime, callOptions = {}): Promise<void> {
      enter('update', ref.bookingId, callOptions.signal);
      const meeting = meetings.get(ref.externalId);
      if (!meeting) {
        throw new MeetingProviderError(`meeting ${ref.externalId} does not exist`, {
          retryable: false,
          status: 404,
        });
      }
      meetings.set(ref.externalId, {
        ...meeting,
        ...time,
        startTime: new Date(Date.parse(time.startTime)).toISOString(),
      });
    },
    async delete(ref: MeetingRef, callOptions = {}): Promise<void> {
      enter('delete', ref.bookingId, callOptions.signal);
      meetings.delete(ref.externalId);
    },
  };
}
