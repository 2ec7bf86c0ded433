/**
 * Writes openapi/payments.openapi.json from the zod contract and its TypeScript types
 * (openapi-typescript) to packages/contract/src/generated/payments-api.ts and to the merchant's client
 * package, packages/client/src/generated/payments-api.ts (`npm run openapi`).
 */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '@hosted-checkout/contract/openapi';
import { GENERATED_TYPES_PATHS, generatedTypes } from '@hosted-checkout/contract/generated-types';

writeFileSync('openapi/payments.openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log('wrote openapi/payments.openapi.json');
void generatedTypes().then((text) => {
  for (const file of GENERATED_TYPES_PATHS) {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
});
