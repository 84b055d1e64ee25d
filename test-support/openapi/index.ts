/**
 * Checks of HTTP exchanges against the committed OpenAPI document (`docs/openapi.json`) with an
 * independent JSON Schema 2020-12 validator (Ajv): the server's HTTP tests send every request
 * through {@link checkedSend}.
 *
 * @module
 */
export { checkedSend, documentValidator, OpenApiViolation, type Send } from './checked-send';
export { matchOperation, type OpenApiDocument } from './match';
export { createOpenApiValidator, DOCUMENT_PATH, type Exchange, type OpenApiValidator } from './validator';
