/**
 * The schemas of the generated OpenAPI document, read by an independent JSON Schema 2020-12
 * validator (Ajv, as the server's HTTP tests use it): values the contract accepts are accepted,
 * nullable enums take `null`, a JSON `null` matches the null branch of a union, and every named
 * component is referred to rather than copied.
 */
import { describe, expect, it } from 'vitest';
import { createOpenApiValidator, type OpenApiDocument } from '../../../test-support/openapi';
import { buildOpenApiDocument } from '../src/openapi/index';

const doc = buildOpenApiDocument();
const validator = createOpenApiValidator(JSON.parse(JSON.stringify(doc)) as OpenApiDocument);
const valid = (component: string, value: unknown) =>
  validator.validate(`#/components/schemas/${component}`, value);

const UUID = '00000000-0000-4000-8000-000000000001';
const booking = {
  id: UUID,
  organizationId: 'org',
  calendarId: UUID,
  createdAt: '2030-01-07T09:00:00.000Z',
  startDateTime: '2030-01-07T09:00:00.000Z',
  endDateTime: '2030-01-07T10:00:00.000Z',
};

describe('OpenAPI schemas', () => {
  it('nullable enums accept null and their values, and nothing else', () => {
    for (const meetingProvider of ['zoom', null]) {
      expect(valid('CalendarBooking', { ...booking, meetingProvider, meetingStatus: null })).toEqual([]);
    }
    expect(valid('CalendarBooking', { ...booking, meetingStatus: 'pending' })).toEqual([]);
    expect(valid('CalendarBooking', { ...booking, meetingProvider: 'teams' })).not.toEqual([]);
    for (const captchaProvider of ['turnstile', 'hcaptcha', 'recaptcha', null]) {
      expect(valid('PublicFormAvailability', { available: true, captchaProvider })).toEqual([]);
    }
    expect(valid('PublicFormAvailability', { available: true, captchaProvider: 'null' })).not.toEqual([]);
  });

  it('a union with null takes JSON null in exactly one way, and the string "null" as a string', () => {
    for (const value of [null, 'null', 'text', ['a', 'b'], 42, true]) {
      expect([value, valid('IngressBody', { data: { key: value } })]).toEqual([value, []]);
      expect([value, valid('SubmitBody', { data: { [UUID]: value } })]).toEqual([value, []]);
    }
    expect(valid('IngressBody', { data: { key: { nested: true } } })).not.toEqual([]);
    const ingressValue = (doc.components!.schemas!['IngressBody'] as { properties: { data: unknown } })
      .properties.data;
    expect(JSON.stringify(ingressValue)).not.toContain('oneOf');
    expect(JSON.stringify(ingressValue)).toContain('{"type":"null"}');
  });

  it('SubmitBody.data keys are form field UUIDs, at most 200 of them', () => {
    expect(valid('SubmitBody', { data: { 'not-a-uuid': 'x' } })).not.toEqual([]);
    const many = Object.fromEntries(
      Array.from({ length: 201 }, (_, i) => [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 'x']),
    );
    expect(valid('SubmitBody', { data: many })).not.toEqual([]);
  });

  it('refers to every named component, none copied inline', () => {
    const text = JSON.stringify({ paths: doc.paths, components: doc.components });
    for (const name of Object.keys(doc.components!.schemas!)) {
      expect([name, text.includes(`"#/components/schemas/${name}"`)]).toEqual([name, true]);
    }
    const tableDetail = doc.components!.schemas!['TableDetail'] as { properties: Record<string, unknown> };
    expect(tableDetail.properties['leadStates']).toEqual({
      type: ['array'],
      items: { $ref: '#/components/schemas/LeadState' },
    });
  });
});
