/** Every checked-in copy of the generated types matches the contract (run `npm run openapi` when this fails). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_PATHS, generatedTypes } from './generated-types';

describe('generated OpenAPI types', () => {
  it.each(GENERATED_TYPES_PATHS)('%s is up to date with the operations table', async (file) => {
    expect(readFileSync(file, 'utf8') === (await generatedTypes()), `${file} is stale: run npm run openapi`).toBe(true);
  });
});
