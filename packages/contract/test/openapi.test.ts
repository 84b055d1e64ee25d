import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { operations } from '../src/index';
import { buildOpenApiDocument } from '../src/openapi/index';

const committedPath = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const doc = buildOpenApiDocument();

const operationsOf = (prefix: string) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    path.startsWith(prefix)
      ? Object.entries(item as Record<string, { operationId: string }>).map(
          ([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`,
        )
      : [],
  );

describe('OpenAPI document', () => {
  it('carries version 2.16.0 and is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.16.0');
  });

  it('passes an independent OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect('errors' in result ? result.errors : []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists the 17 Connect operations (plus the booking read, reschedule and holds), the 5 public form operations (plus config and holds) and the ingress operation', () => {
    expect(operationsOf('/connect/')).toHaveLength(21);
    expect(operationsOf('/public/forms/')).toEqual([
      'GET /public/forms/{id}/availability getPublicFormAvailability',
      'GET /public/forms/{id}/slots listPublicSlots',
      'GET /public/forms/{id}/appointment-types listPublicAppointmentTypes',
      'GET /public/forms/{id}/config getPublicFormConfig',
      'GET /public/forms/{id}/calendars listPublicFormCalendars',
      'POST /public/forms/{id}/submit submitPublicForm',
      'POST /public/forms/{id}/holds createPublicFormHold',
      'POST /public/forms/{id}/telemetry sendPublicFormTelemetry',
    ]);
    expect(operationsOf('/public/ingress_webhooks/')).toEqual([
      'POST /public/ingress_webhooks/{id} pushIngressWebhook',
    ]);
    expect(operationsOf('/connect/')).toContain(
      'DELETE /connect/calendar_bookings/{id} deleteCalendarBooking',
    );
    expect(operationsOf('/connect/')).toContain('PATCH /connect/table_entries/{id} updateTableEntry');
    expect(Object.keys(operations)).toHaveLength(30);
  });

  it('declares bearerAuth on Connect paths, the ingress header scheme, and nothing on public forms', () => {
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'service_',
    });
    expect(doc.components?.securitySchemes?.ingressToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-service-ingress-token',
    });
    expect(doc.paths?.['/connect/calendar/']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths?.['/public/ingress_webhooks/{id}']?.post?.security).toEqual([{ ingressToken: [] }]);
    expect(doc.paths?.['/public/forms/{id}/submit']?.post?.security).toEqual([]);
  });

  it('describes parameters, bodies and error responses', () => {
    const search = doc.paths?.['/connect/availability/']?.get;
    expect(search?.parameters?.map((p) => ('name' in p ? `${p.name}:${p.in}:${p.required}` : ''))).toEqual([
      'calendarId:query:true',
      'appointmentTypeId:query:true',
      'start:query:true',
      'end:query:true',
      'resourceId:query:false',
      'onlyAvailable:query:false',
    ]);
    const create = doc.paths?.['/connect/table_entries/']?.post;
    expect(create?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateTableEntryBody' } } },
    });
    expect(Object.keys(create?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '413']),
    );
    expect(doc.paths?.['/connect/calendar_bookings/{id}']?.delete?.responses?.['204']).toEqual({
      description: 'Success, no body',
    });
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing the contract)', () => {
    const committed = JSON.parse(readFileSync(committedPath, 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
