/**
 * Writes openapi/payments.openapi.json from the zod contract and its TypeScript types
 * (openapi-typescript) to lib/contract/generated/payments-api.ts (`npm run openapi`).
 */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../../lib/contract/openapi';
import { GENERATED_TYPES_PATH, generatedTypes } from '../../lib/contract/generated-types';

writeFileSync('openapi/payments.openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log('wrote openapi/payments.openapi.json');
void generatedTypes().then((text) => {
  writeFileSync(GENERATED_TYPES_PATH, text);
  console.log(`wrote ${GENERATED_TYPES_PATH}`);
});
