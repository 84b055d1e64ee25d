import { describe, expect, it } from 'vitest';
import { ExternalCalendarError } from '../../ports/external-calendar';
import { runExternalCalendarConformance } from '../../testing/external-calendar-conformance';
import { createInMemoryExternalCalendar } from './in-memory';

runExternalCalendarConformance({
  name: 'in-memory',
  create: async () => {
    const calendar = createInMemoryExternalCalendar();
    return {
      calendar,
      addExternalEvent: async (event) => void calendar.addEvent(event),
      inspect: async (id) => calendar.events.get(id) ?? null,
      dispose: async () => undefined,
    };
  },
});

describe('in-memory external calendar', () => {
  it('fails scripted calls once, then answers again', async () => {
    const calendar = createInMemoryExternalCalendar();
    calendar.addEvent({ startMs: 0, endMs: 10 });
    calendar.fail('busy', new ExternalCalendarError('down', { retryable: true }));
    await expect(calendar.busy({ startMs: 0, endMs: 100 })).rejects.toThrow('down');
    expect(await calendar.busy({ startMs: 0, endMs: 100 })).toEqual([{ startMs: 0, endMs: 10 }]);
    expect(calendar.calls.map((call) => call.operation)).toEqual(['busy', 'busy']);
  });
});
