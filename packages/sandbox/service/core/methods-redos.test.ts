/**
 * Every field pattern the sandbox gives its methods (field descriptors, compiled by the checkout
 * in the customer's browser and on the server) is linear: no ReDoS, checked by `recheck`.
 */
import { describe, expect, it } from 'vitest';
import { METHOD_FIELDS } from './methods';

describe('the methods’ field patterns', () => {
  it('every field pattern the sandbox gives its methods (field descriptors, compiled by the checkout) is linear', async () => {
    const { checkSync } = await import('recheck');
    const patterns = Object.values(METHOD_FIELDS)
      .flat()
      .flatMap((field) => (field.pattern ? [field.pattern] : []));
    expect(patterns.length).toBeGreaterThan(2);
    for (const pattern of patterns) expect(checkSync(`^(?:${pattern})$`, '').status, pattern).toBe('safe');
  }, 60_000);
});
