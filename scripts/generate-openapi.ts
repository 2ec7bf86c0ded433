/** Writes openapi/payments.openapi.json from the zod contract (`npm run openapi`). */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../lib/contract/openapi';

writeFileSync('openapi/payments.openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log('wrote openapi/payments.openapi.json');
