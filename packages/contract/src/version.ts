/**
 * The API version, apart from the OpenAPI builder so the main entry does not load it.
 *
 * @module
 */

/** The version of the Connect API this contract describes (`info.version` of the OpenAPI document). */
export const API_VERSION = '2.16.0';
