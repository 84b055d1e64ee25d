/**
 * The OpenAPI 3.1 document of the service, generated from the contract's zod schemas with
 * `@anatine/zod-openapi`. Nothing in it is written by hand except prose.
 *
 * @module
 */
import type { OpenAPIObject, OperationObject, PathsObject, SchemaObject } from 'openapi3-ts/oas31';
import { BEARER_FORMAT, INGRESS_TOKEN_HEADER } from '../auth';
import { calendarFeedPaths, CALENDAR_FEED_TAG } from './calendar-feed';
import { codeSamplesOf } from './code-samples';
import { EXTENSION_MARK, SPEC_EXTENSIONS } from './extensions';
import {
  descriptionOf,
  MARK,
  parametersOf,
  requestBodyOf,
  responsesOf,
  SECURITY,
  type Components,
} from './operation';
import { namedSchemas } from './registry';
import { generateJsonSchema, referToComponents } from './schema';
import { operations, type OperationDefinition, type OperationId } from '../operations';
import { API_VERSION } from '../version';

export { API_VERSION };

const TAGS: Record<OperationDefinition['surface'], { name: string; description: string }> = {
  connect: {
    name: 'Connect',
    description: 'The Connect API: lookups, availability, leads and bookings, with a Bearer token.',
  },
  'public-form': {
    name: 'Public forms',
    description: 'The public form API behind the embeddable widget: no authentication, only a form id.',
  },
  ingress: {
    name: 'Ingress webhooks',
    description: 'Token-only lead intake: each POST creates one lead in the bound Lead Pool.',
  },
};

/** The component schemas, nested named schemas referred to, extension properties marked. */
function componentSchemas(generated: Components): Record<string, SchemaObject> {
  const schemas: Record<string, SchemaObject> = {};
  for (const [name, schema] of generated) {
    const component = referToComponents(schema, generated) as SchemaObject;
    for (const property of SPEC_EXTENSIONS.properties[name] ?? []) {
      const target = component.properties?.[property];
      if (!target) throw new Error(`${name}.${property} is marked as an extension but does not exist`);
      component.properties![property] = { ...target, ...MARK };
    }
    schemas[name] = component;
  }
  return schemas;
}

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
 * import { buildOpenApiDocument } from '@leadbook/contract/openapi';
 * const doc = buildOpenApiDocument();
 * console.log(Object.keys(doc.paths ?? {}));
 * ```
 */
export function buildOpenApiDocument(): OpenAPIObject {
  const paths: PathsObject = {};
  const components = new Map([...namedSchemas].map(([schema, name]) => [name, generateJsonSchema(schema)]));
  for (const op of Object.values(operations) as OperationDefinition[]) {
    const path = toOpenApiPath(op.path);
    const requestBody = requestBodyOf(op, components);
    const operation: OperationObject = {
      operationId: op.operationId,
      summary: op.summary,
      description: descriptionOf(op),
      tags: [TAGS[op.surface].name],
      parameters: parametersOf(op),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(op, components),
      security: SECURITY[op.surface],
      ...(SPEC_EXTENSIONS.operations.includes(op.operationId as OperationId) ? MARK : {}),
      // Request samples (curl and the SDK) for the reference; documentation, not part of the API.
      'x-codeSamples': codeSamplesOf(op),
    };
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Leadbook Connect API',
      version: API_VERSION,
      description:
        'The Connect API (Bearer tokens), the public form API (no authentication) and ingress webhooks ' +
        'of the Leadbook lead and booking service. Additions beyond the 2.16.0 interface are marked ' +
        `\`${EXTENSION_MARK}: true\`.`,
      contact: { name: 'Leadbook maintainers' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{baseUrl}',
        description: 'Where the host mounts the service',
        variables: {
          baseUrl: {
            default: 'http://localhost:3000',
            description: 'The base URL of the mounted service (the npm start demo listens on port 3000)',
          },
        },
      },
    ],
    tags: [...Object.values(TAGS), CALENDAR_FEED_TAG],
    paths: { ...paths, ...calendarFeedPaths() },
    components: {
      schemas: componentSchemas(components),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: BEARER_FORMAT,
          description: 'Authorization: Bearer service_live_<64-hex-secret>',
        },
        ingressToken: {
          type: 'apiKey',
          in: 'header',
          name: INGRESS_TOKEN_HEADER,
          description:
            'The ingress webhook token (64 hex characters), shown once when the webhook is created',
        },
      },
    },
  };
}
