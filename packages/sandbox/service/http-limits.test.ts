/**
 * The sandbox's body limits: a body is capped while it streams (a chunked body without a length
 * is cut at 64 KB, 413), JSON nesting is capped before parsing (400, no stack overflow), and the
 * depth count skips strings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handleSandboxRequest, jsonDepth, MAX_BODY_BYTES, MAX_JSON_DEPTH } from './http';
import { sandboxDb } from './core/store';

beforeAll(async () => {
  await sandboxDb();
}, 120_000);

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  handleSandboxRequest(
    new Request('http://localhost/sandbox/api/public/payin', {
      method: 'POST',
      headers: { Authorization: 'Bearer sbx_demo_merchant', 'Content-Type': 'application/json', ...headers },
      body,
      // @ts-expect-error Node's Request needs duplex for a streamed body
      duplex: 'half',
    }),
  );

describe('body limits', () => {
  it('cuts a chunked body at 64 KB while it streams: 413, and stops reading', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`{"x":"${'y'.repeat(16 * 1024)}`);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const answer = await post(endless);
    expect(answer.status).toBe(413);
    expect((await answer.json()).errorKey).toBe('PAYLOAD_TOO_LARGE');
    expect(pulled * chunk.byteLength).toBeLessThan(MAX_BODY_BYTES + 4 * chunk.byteLength);
  });

  it('refuses JSON nested deeper than the cap with 400 (no stack overflow, no 500)', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const answer = await post(deep);
    expect(answer.status).toBe(400);
    expect((await answer.json()).errorMessage).toMatch(/nested deeper than 32/);
  });

  it('counts depth outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[[[{{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[[["')).toBe(0);
    expect(jsonDepth('[]'.repeat(10))).toBe(1);
    expect(jsonDepth('['.repeat(MAX_JSON_DEPTH + 1))).toBe(MAX_JSON_DEPTH + 1);
  });
});
