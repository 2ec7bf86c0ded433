/**
 * The OpenAPI check of the sandbox's answers (sandbox-http.ts) itself: an answer that breaks the
 * generated document fails it.
 */
import { describe, expect, it } from 'vitest';

describe('the OpenAPI check itself', () => {
  it('fails an answer that breaks the document', async () => {
    const { expectDeclared } = await import('@sandbox/testing/sandbox-http');
    const wrong = { status: 200, body: { payoutId: 1, status: 'NOPE' }, headers: new Headers(), template: '/public/payout' };
    await expect(expectDeclared('POST', wrong)).rejects.toThrow(/does not match the OpenAPI document/);
  });
});
