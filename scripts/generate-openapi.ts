/** Writes openapi/payments-api.json from the zod contract (`npm run openapi`). */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../lib/contract/openapi';

writeFileSync('openapi/payments-api.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log('wrote openapi/payments-api.json');
