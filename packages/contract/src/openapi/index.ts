/**
 * `@leadbook/contract/openapi`: the OpenAPI 3.1 document of the service, built from the contract's
 * zod schemas. A subpath of its own because the builder needs `@anatine/zod-openapi` and
 * `openapi3-ts` (optional peer dependencies of the contract: install them to use this entry), which
 * users of the schemas and the SDK do not.
 *
 * @example
 * ```ts
 * import { buildOpenApiDocument } from '@leadbook/contract/openapi';
 *
 * const doc = buildOpenApiDocument(); // doc.info.version === '2.16.0'
 * ```
 *
 * @module @leadbook/contract/openapi
 */
export { API_VERSION, buildOpenApiDocument, toOpenApiPath } from './document';
