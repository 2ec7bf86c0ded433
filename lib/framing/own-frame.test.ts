/** The Test mode badge's decision: whether a page is framed by one of our own documents, on the server and in the browser. */
import { describe, expect, it } from 'vitest';
import { framedByOwnOrigin, requestFramedByOwnOrigin, type WindowLike } from './own-frame';

const headers = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('requestFramedByOwnOrigin', () => {
  it('is true for a frame our own page asked for (the cashier framing the card page, the card page framing the ACS)', () => {
    expect(requestFramedByOwnOrigin(headers({ 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin' }))).toBe(true);
    expect(requestFramedByOwnOrigin(headers({ 'sec-fetch-dest': 'frame', 'sec-fetch-site': 'same-origin' }))).toBe(true);
  });

  it("is false for a top-level page, a merchant's frame, a client-side fetch and a browser without Fetch Metadata", () => {
    expect(requestFramedByOwnOrigin(headers({ 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(requestFramedByOwnOrigin(headers({ 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(requestFramedByOwnOrigin(headers({ 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-site' }))).toBe(false);
    expect(requestFramedByOwnOrigin(headers({ 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(requestFramedByOwnOrigin(headers({}))).toBe(false);
  });
});

describe('framedByOwnOrigin', () => {
  const origin = 'https://checkout.example';

  it('is false at the top (the window is its own parent)', () => {
    const top: WindowLike = { parent: null, location: { origin } };
    top.parent = top;
    expect(framedByOwnOrigin(top)).toBe(false);
  });

  it('is true under a parent of the same origin', () => {
    expect(framedByOwnOrigin({ parent: { location: { origin } }, location: { origin } })).toBe(true);
  });

  it("is false under another origin's parent, whose location cannot be read", () => {
    const merchant = {
      get location(): { origin: string } {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      },
    };
    expect(framedByOwnOrigin({ parent: merchant, location: { origin } })).toBe(false);
    expect(framedByOwnOrigin({ parent: { location: { origin: 'https://shop.example' } }, location: { origin } })).toBe(false);
  });
});
