/** The checked-in generated types match the contract (run `npm run openapi` when this fails). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_PATH, generatedTypes } from './generated-types';

describe('generated OpenAPI types', () => {
  it('are up to date with the operations table', async () => {
    expect(readFileSync(GENERATED_TYPES_PATH, 'utf8') === (await generatedTypes()), 'stale: run npm run openapi').toBe(true);
  });
});
