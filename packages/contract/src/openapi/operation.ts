/**
 * One operation of the OpenAPI document: its parameters, request body, responses, security and
 * prose, from the operation catalogue.
 *
 * @module
 * @internal
 */
import type {
  HeaderObject,
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponsesObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
import { z } from 'zod';
import { EXTENSION_MARK, SPEC_EXTENSIONS } from './extensions';
import { namedSchemas } from './registry';
import { generateJsonSchema, referToComponents, type Schema } from './schema';
import type { OperationDefinition, OperationId } from '../operations';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid parameters or body',
  401: 'Missing or invalid credentials',
  403: 'Forbidden',
  404: 'Not found',
  413: 'Request body too large',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'The service is shutting down (Connect `error`: SERVICE_UNAVAILABLE): nothing was done; send the request again (to another instance) after Retry-After',
};

/** The headers of each status that has its own. */
const STATUS_HEADERS: Record<number, Record<string, HeaderObject>> = {
  429: {
    'Retry-After': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
    RateLimit: { description: 'IETF RateLimit header', schema: { type: 'string' } },
    'RateLimit-Policy': { description: 'IETF RateLimit-Policy header', schema: { type: 'string' } },
  },
  503: {
    'Retry-After': {
      description: 'Seconds to wait before sending the request again; the connection is closed',
      schema: { type: 'integer' },
    },
  },
};

/** A `$ref` to a component schema. */
export const refOf = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** The mark of an extension of the 2.16.0 API, spread into the object it marks. */
export const MARK = { [EXTENSION_MARK]: true } as const;

/** Component name to generated schema, every named schema written out in full. */
export type Components = ReadonlyMap<string, SchemaObject>;

function toSchema(schema: z.ZodTypeAny, components: Components): Schema {
  const name = namedSchemas.get(schema);
  if (name) return refOf(name);
  if (schema instanceof z.ZodArray) {
    const itemName = namedSchemas.get(schema.element as z.ZodTypeAny);
    if (itemName) return { type: 'array', items: refOf(itemName) };
  }
  return referToComponents(generateJsonSchema(schema), components);
}

/** The object shape behind a schema that may be wrapped in refinements. */
function shapeOf(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  let inner: z.ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner._def.schema;
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodTypeAny>) : {};
}

/** The path, query and header parameters of an operation; extensions of the 2.16.0 API marked. */
export function parametersOf(op: OperationDefinition): ParameterObject[] {
  const params: ParameterObject[] = [];
  const beyondSpec = new Set(SPEC_EXTENSIONS.parameters[op.operationId as OperationId] ?? []);
  const mark = (name: string) => (beyondSpec.has(name) ? MARK : {});
  for (const [name, schema] of Object.entries(op.params ? shapeOf(op.params) : {})) {
    params.push({ name, in: 'path', required: true, schema: generateJsonSchema(schema) });
  }
  for (const [name, schema] of Object.entries(op.query ? shapeOf(op.query) : {})) {
    const generated = generateJsonSchema(schema);
    params.push({
      name,
      in: 'query',
      required: !schema.isOptional(),
      schema: generated,
      ...(generated.description ? { description: generated.description } : {}),
      ...mark(name),
    });
  }
  for (const [name, description] of Object.entries(op.headers ?? {})) {
    params.push({
      name,
      in: 'header',
      required: false,
      description,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      ...mark(name),
    });
  }
  return params;
}

/**
 * The request body: JSON, plus the media types SPEC_EXTENSIONS lists for the operation, which carry
 * the same JSON as text (a browser beacon sends `text/plain`).
 */
export function requestBodyOf(
  op: OperationDefinition,
  components: Components,
): OperationObject['requestBody'] {
  if (!op.body) return undefined;
  const schema = toSchema(op.body, components);
  const content: Record<string, MediaTypeObject> = { 'application/json': { schema } };
  for (const type of SPEC_EXTENSIONS.mediaTypes[op.operationId as OperationId] ?? []) {
    // `contentSchema` (JSON Schema 2020-12) describes the JSON inside the string; openapi3-ts lacks it.
    const text = { type: 'string', contentMediaType: 'application/json', contentSchema: schema };
    content[type] = { schema: text as SchemaObject, ...MARK };
  }
  return { required: true, content };
}

function errorSchemaName(op: OperationDefinition, status: number): string {
  if (op.surface === 'ingress') return 'IngressError';
  if (op.surface === 'public-form') return 'PublicFormError';
  return status === 401 || status === 403 ? 'ConnectAuthError' : 'ConnectError';
}

/** The success response and the error responses (in the surface's envelope) of an operation. */
export function responsesOf(op: OperationDefinition, components: Components): ResponsesObject {
  const responses: ResponsesObject = {
    [op.successStatus]: op.response
      ? {
          description: 'Success',
          content: { 'application/json': { schema: toSchema(op.response, components) } },
        }
      : { description: 'Success, no body' },
  };
  for (const status of op.errorStatuses) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: refOf(errorSchemaName(op, status)) } },
      ...(SPEC_EXTENSIONS.statuses.includes(status) ? MARK : {}),
      ...(STATUS_HEADERS[status] ? { headers: STATUS_HEADERS[status] } : {}),
    };
  }
  return responses;
}

/** The security requirement of each surface. */
export const SECURITY: Record<OperationDefinition['surface'], OperationObject['security']> = {
  connect: [{ bearerAuth: [] }],
  ingress: [{ ingressToken: [] }],
  'public-form': [],
};

/** The operation's prose: its own description, then the scope it needs. */
export function descriptionOf(op: OperationDefinition): string {
  const scope = op.scope ? `Requires the \`${op.scope}\` scope.` : undefined;
  return [op.description, scope].filter(Boolean).join('\n\n');
}
