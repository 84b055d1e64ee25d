/**
 * The request samples of the reference (`x-codeSamples`): every operation has a curl command and an
 * SDK call, and the example request they send is one the contract accepts. (`docs/test` runs the SDK
 * samples and checks they send what the curl commands send.)
 */
import { describe, expect, it } from 'vitest';
import { operations, type OperationDefinition, type OperationId } from '../src/index';
import { buildOpenApiDocument } from '../src/openapi/index';
import { codeSamplesOf, exampleRequest } from '../src/openapi/code-samples';

const all = Object.values(operations) as OperationDefinition[];

describe('request samples of the OpenAPI document', () => {
  it('gives every operation a curl and an SDK sample, in the document', () => {
    const doc = buildOpenApiDocument();
    const labels = Object.values(doc.paths ?? {})
      .flatMap((item) => Object.values(item as Record<string, { 'x-codeSamples'?: { label: string }[] }>))
      .map((op) => op['x-codeSamples']?.map((sample) => sample.label));
    // The catalogue's operations and the calendar feed (written apart: it answers text/calendar).
    expect(labels).toHaveLength(all.length + 1);
    for (const pair of labels) expect(pair).toEqual(['curl', '@leadbook/sdk']);
  });

  it.each(all.map((op) => [op.operationId, op] as const))(
    '%s: its example request is valid, and curl sends it with the method, path and credentials',
    (id, op) => {
      const request = exampleRequest(id as OperationId);
      if (op.params) expect(op.params.safeParse({ id: request.id }).success).toBe(true);
      if (op.query) expect(op.query.safeParse(request.query ?? {}).error).toBeUndefined();
      if (op.body) expect(op.body.safeParse(request.body).error).toBeUndefined();
      const [curl, sdk] = codeSamplesOf(op);
      const method = op.method === 'GET' ? 'curl "' : `curl -X ${op.method} "`;
      expect(curl!.source.startsWith(method)).toBe(true);
      expect(curl!.source).toContain(op.path.replace(':id', request.id ?? ''));
      if (op.surface === 'connect')
        expect(curl!.source).toContain('Authorization: Bearer $LEADBOOK_API_TOKEN');
      if (op.surface === 'ingress')
        expect(curl!.source).toContain('x-service-ingress-token: $LEADBOOK_INGRESS_TOKEN');
      expect(sdk!.source).toMatch(/^import \{ \w+Client \} from '@leadbook\/sdk(\/public-form)?';/);
    },
  );
});
