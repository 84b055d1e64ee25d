// Writes the OpenAPI document built from the contract to docs/openapi.json (committed).
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '@leadbook/contract/openapi';

const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
