import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectClient,
  IngressClient,
  isLeadbookError,
  LeadbookError,
  PublicFormClient,
  type RequestEvent,
  type ResponseEvent,
} from '@leadbook/sdk';
import { MOCK_IDS, MOCK_TOKENS } from '@leadbook/sdk/testing';
import { useMockLeadbook } from './helpers';

const env = useMockLeadbook();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('client construction', () => {
  it('refuses to run in a browser unless dangerouslyAllowBrowser is set', () => {
    vi.stubGlobal('window', { document: {} });
    const options = { baseUrl: env.mock.baseUrl, apiToken: MOCK_TOKENS.read };
    expect(() => new ConnectClient(options)).toThrow(/meant for servers/);
    expect(() => new ConnectClient({ ...options, dangerouslyAllowBrowser: true })).not.toThrow();
    expect(
      () => new IngressClient({ baseUrl: env.mock.baseUrl, webhookId: MOCK_IDS.ingressWebhook, token: 'x' }),
    ).toThrow(LeadbookError);
    // The public form client is made for the page.
    expect(() => new PublicFormClient({ baseUrl: env.mock.baseUrl, formId: MOCK_IDS.form })).not.toThrow();
  });

  it('reads LEADBOOK_BASE_URL and LEADBOOK_API_TOKEN, and says what is missing', async () => {
    vi.stubEnv('LEADBOOK_BASE_URL', env.mock.baseUrl);
    vi.stubEnv('LEADBOOK_API_TOKEN', MOCK_TOKENS.read);
    expect(await new ConnectClient().calendars.list()).toHaveLength(2);
    vi.stubEnv('LEADBOOK_API_TOKEN', '');
    expect(() => new ConnectClient()).toThrow(/LEADBOOK_API_TOKEN/);
    vi.stubEnv('LEADBOOK_BASE_URL', '');
    const error = (() => {
      try {
        new ConnectClient({ apiToken: MOCK_TOKENS.read });
      } catch (caught) {
        return caught;
      }
    })();
    expect(isLeadbookError(error) && error.message).toMatch(/baseUrl/);
  });

  it('accepts a base URL with a trailing slash', async () => {
    const client = new ConnectClient({ baseUrl: `${env.mock.baseUrl}/`, apiToken: MOCK_TOKENS.read });
    expect((await client.tables.list()).map((pool) => pool.id)).toEqual([
      MOCK_IDS.table,
      MOCK_IDS.tableOtherPool,
    ]);
  });
});

describe('hooks, logger, headers and fetch injection', () => {
  it('calls onRequest and onResponse with the attempt, elapsed time and request id; secrets redacted', async () => {
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const client = env.client('read', {
      onRequest: (event) => requests.push(event),
      onResponse: (event) => responses.push(event),
      headers: { 'x-integration': 'crm-sync' },
    });
    await client.calendars.list({ headers: { 'x-request-id': 'req_mine' } });
    expect(requests).toEqual([
      {
        method: 'GET',
        url: `${env.mock.baseUrl}/connect/calendar/`,
        attempt: 0,
        headers: {
          accept: 'application/json',
          authorization: '[redacted]',
          'x-integration': 'crm-sync',
          'x-request-id': 'req_mine',
        },
      },
    ]);
    expect(responses).toEqual([
      expect.objectContaining({
        status: 200,
        attempt: 0,
        requestId: 'req_mine',
        elapsedMs: expect.any(Number),
      }),
    ]);
  });

  it('logs requests, responses and retries without the API token or the ingress token', async () => {
    const lines: string[] = [];
    const logger = {
      debug: (message: string, meta?: object) => lines.push(`${message} ${JSON.stringify(meta)}`),
      warn: (message: string, meta?: object) => lines.push(`${message} ${JSON.stringify(meta)}`),
    };
    env.mock.faults.networkErrorOnce();
    await env.client('read', { logger, random: () => 1 }).calendars.list();
    const ingress = new IngressClient({
      baseUrl: env.mock.baseUrl,
      webhookId: MOCK_IDS.ingressWebhook,
      token: MOCK_TOKENS.ingress,
      logger,
    });
    await ingress.push({ data: { email: 'log@example.com' } });
    const log = lines.join('\n');
    expect(log).toContain('leadbook request');
    expect(log).toContain('leadbook response');
    expect(log).toContain('leadbook retry');
    expect(log).toContain('"x-service-ingress-token":"[redacted]"');
    expect(log).not.toContain(MOCK_TOKENS.read);
    expect(log).not.toContain(MOCK_TOKENS.ingress);
  });

  it('sends through an injected fetch', async () => {
    const calls: string[] = [];
    const client = env.client('read', {
      fetch: (input, init) => {
        calls.push((input as Request).url);
        return fetch(input, init);
      },
    });
    await client.appointmentTypes.get(MOCK_IDS.appointmentTypeClass);
    expect(calls).toEqual([`${env.mock.baseUrl}/connect/appointment_types/${MOCK_IDS.appointmentTypeClass}`]);
  });
});

describe('IngressClient', () => {
  it('pushes a lead into the default lead state with the token header', async () => {
    const ingress = new IngressClient({
      baseUrl: env.mock.baseUrl,
      webhookId: MOCK_IDS.ingressWebhook,
      token: MOCK_TOKENS.ingress,
    });
    const lead = await ingress.push({
      data: { email: 'grace@example.com', tags: ['newsletter'], phone: null },
      customFieldData: { [MOCK_IDS.customFieldPlan]: 'premium' },
    });
    expect(lead).toMatchObject({
      tableId: MOCK_IDS.table,
      leadStateId: MOCK_IDS.leadStateNew,
      data: { email: 'grace@example.com', tags: ['newsletter'] },
    });
    expect(ingress.webhookId).toBe(MOCK_IDS.ingressWebhook);
  });

  it('reads LEADBOOK_INGRESS_TOKEN', async () => {
    vi.stubEnv('LEADBOOK_INGRESS_TOKEN', MOCK_TOKENS.ingress);
    const ingress = new IngressClient({ baseUrl: env.mock.baseUrl, webhookId: MOCK_IDS.ingressWebhook });
    await expect(ingress.push({ data: { source: 'env' } })).resolves.toMatchObject({
      data: { source: 'env' },
    });
    vi.stubEnv('LEADBOOK_INGRESS_TOKEN', '');
    expect(
      () => new IngressClient({ baseUrl: env.mock.baseUrl, webhookId: MOCK_IDS.ingressWebhook }),
    ).toThrow(/LEADBOOK_INGRESS_TOKEN/);
  });
});
