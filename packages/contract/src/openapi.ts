/**
 * The OpenAPI 3.1 document of the service, generated from the contract's zod schemas with
 * `@anatine/zod-openapi`. Nothing in it is written by hand except prose.
 *
 * @module
 */
import { generateSchema } from '@anatine/zod-openapi';
import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  PathsObject,
  ReferenceObject,
  ResponsesObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
import { z } from 'zod';
import { BEARER_FORMAT, INGRESS_TOKEN_HEADER } from './auth';
import { namedSchemas } from './openapi-registry';
import { operations, type OperationDefinition } from './operations';

/** The version of the Connect API this contract describes (SPEC 9). */
export const API_VERSION = '2.16.0';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid parameters or body',
  401: 'Missing or invalid credentials',
  403: 'Forbidden',
  404: 'Not found',
  413: 'Request body too large',
  429: 'Too many requests',
  500: 'Internal error',
};

type Schema = SchemaObject | ReferenceObject;

const refOf = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

function toSchema(schema: z.ZodTypeAny): Schema {
  const name = namedSchemas.get(schema);
  if (name) return refOf(name);
  if (schema instanceof z.ZodArray) {
    const itemName = namedSchemas.get(schema.element as z.ZodTypeAny);
    if (itemName) return { type: 'array', items: refOf(itemName) };
  }
  return generateSchema(schema, false, '3.1');
}

/** The object shape behind a schema that may be wrapped in refinements. */
function shapeOf(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  let inner: z.ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner._def.schema;
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodTypeAny>) : {};
}

function parametersOf(op: OperationDefinition): ParameterObject[] {
  const params: ParameterObject[] = [];
  for (const [name, schema] of Object.entries(op.params ? shapeOf(op.params) : {})) {
    params.push({ name, in: 'path', required: true, schema: generateSchema(schema, false, '3.1') });
  }
  for (const [name, schema] of Object.entries(op.query ? shapeOf(op.query) : {})) {
    const generated = generateSchema(schema, false, '3.1');
    params.push({
      name,
      in: 'query',
      required: !schema.isOptional(),
      schema: generated,
      ...(generated.description ? { description: generated.description } : {}),
    });
  }
  for (const [name, description] of Object.entries(op.headers ?? {})) {
    params.push({
      name,
      in: 'header',
      required: false,
      description,
      schema: { type: 'string', maxLength: 255 },
    });
  }
  return params;
}

function errorSchemaName(op: OperationDefinition, status: number): string {
  if (op.surface === 'ingress') return 'IngressError';
  if (op.surface === 'public-form') return 'PublicFormError';
  return status === 401 || status === 403 ? 'ConnectAuthError' : 'ConnectError';
}

function responsesOf(op: OperationDefinition): ResponsesObject {
  const responses: ResponsesObject = {
    [op.successStatus]: op.response
      ? { description: 'Success', content: { 'application/json': { schema: toSchema(op.response) } } }
      : { description: 'Success, no body' },
  };
  for (const status of op.errorStatuses) {
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: refOf(errorSchemaName(op, status)) } },
      ...(status === 429
        ? {
            headers: {
              'Retry-After': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
              RateLimit: { description: 'IETF RateLimit header', schema: { type: 'string' } },
              'RateLimit-Policy': { description: 'IETF RateLimit-Policy header', schema: { type: 'string' } },
            },
          }
        : {}),
    };
  }
  return responses;
}

const SECURITY: Record<OperationDefinition['surface'], OperationObject['security']> = {
  connect: [{ bearerAuth: [] }],
  ingress: [{ ingressToken: [] }],
  'public-form': [],
};

const TAGS: Record<OperationDefinition['surface'], string> = {
  connect: 'Connect',
  'public-form': 'Public forms',
  ingress: 'Ingress webhooks',
};

/** Converts an Express path (`/connect/calendar/:id`) to an OpenAPI path (`/connect/calendar/{id}`). */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

/**
 * Builds the OpenAPI 3.1 document of the service (`info.version` 2.16.0): every operation of the
 * catalogue with its parameters, request body, success and error responses and security scheme.
 *
 * @example
 * ```ts
 * import { buildOpenApiDocument } from '@leadbook/contract';
 * const doc = buildOpenApiDocument();
 * console.log(Object.keys(doc.paths ?? {}));
 * ```
 */
export function buildOpenApiDocument(): OpenAPIObject {
  const paths: PathsObject = {};
  for (const op of Object.values(operations) as OperationDefinition[]) {
    const path = toOpenApiPath(op.path);
    const operation: OperationObject = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [TAGS[op.surface]],
      ...(op.scope ? { description: `Requires the \`${op.scope}\` scope.` } : {}),
      parameters: parametersOf(op),
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(op.body) } } } }
        : {}),
      responses: responsesOf(op),
      security: SECURITY[op.surface],
    };
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operation };
  }
  const schemas: Record<string, SchemaObject> = {};
  for (const [schema, name] of namedSchemas) schemas[name] = generateSchema(schema, false, '3.1');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Leadbook Connect API',
      version: API_VERSION,
      description:
        'The Connect API (Bearer tokens), the public form API (no authentication) and ingress webhooks ' +
        'of the Leadbook lead and booking service.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: Object.values(TAGS).map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: BEARER_FORMAT,
          description: 'Authorization: Bearer service_live_<64-hex-secret>',
        },
        ingressToken: { type: 'apiKey', in: 'header', name: INGRESS_TOKEN_HEADER },
      },
    },
  };
}
