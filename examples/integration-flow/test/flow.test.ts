import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectClient } from '@leadbook/sdk';
import { createMockLeadbook, MOCK_IDS, MOCK_TOKENS, type MockLeadbook } from '@leadbook/sdk/testing';
import { runIntegrationFlow } from '../src/flow';

describe('the integration flow of SPEC 1, in-process against the SDK testing handlers', () => {
  let mock: MockLeadbook;
  const server = setupServer();
  let client: ConnectClient;

  beforeAll(async () => {
    mock = await createMockLeadbook();
    server.use(...mock.handlers);
    server.listen({ onUnhandledFrame: 'error' });
    client = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS.write });
  });
  beforeEach(() => mock.reset());
  afterAll(async () => {
    server.close();
    await mock.close();
  });

  it('runs the six steps and books the slot it found for the new lead', async () => {
    const lines: string[] = [];
    const result = await runIntegrationFlow(client, { log: (line) => lines.push(line) });

    expect(lines.map((line) => line.slice(0, 2))).toEqual(['1.', '2.', '3.', '4.', '5.', '6.']);
    expect(result.calendar.id).toBe(MOCK_IDS.calendarBerlin);
    expect(result.appointmentType.id).toBe(MOCK_IDS.appointmentTypeTrial);
    expect(result.slots.every((slot) => slot.available)).toBe(true);
    expect(result.defaultLeadState.id).toBe(MOCK_IDS.leadStateNew);
    expect(result.lead).toMatchObject({ tableId: MOCK_IDS.table, leadStateId: MOCK_IDS.leadStateNew });
    expect(result.attempts).toBe(1);
    expect(result.booking).toMatchObject({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      tableEntryId: result.lead.id,
      leadStateName: 'New',
      startDateTime: result.slots[0]!.startDateTime,
      resourceId: result.slots[0]!.resourceId,
    });
  });

  it('books the next slot when another booking takes the one it found', async () => {
    mock.faults.nextBookingLosesRace();
    const result = await runIntegrationFlow(client);
    expect(result.attempts).toBe(2);
    expect(result.booking.tableEntryId).toBe(result.lead.id);
  });
});
