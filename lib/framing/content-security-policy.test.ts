import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy';

const saved = {
  CHECKOUT_URL: process.env.CHECKOUT_URL,
  SANDBOX_PUBLIC_URL: process.env.SANDBOX_PUBLIC_URL,
  PAYMENTS_API_BASE_URL: process.env.PAYMENTS_API_BASE_URL,
  PAYMENTS_API_TOKEN: process.env.PAYMENTS_API_TOKEN,
};
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** The connect-src directive of a policy. */
const connectSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('connect-src '));

describe("the pages' content security policy", () => {
  it('builds a nonce CSP whose frame-ancestors keep only well-formed patterns', () => {
    const csp = contentSecurityPolicy({
      nonce: 'abc',
      frameAncestors: ['http://localhost:*', "x; script-src 'unsafe-inline'"],
      dev: false,
      https: false,
    });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'self' http://localhost:*");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it("lets a payment page reach the sandbox on its own origin (the sandbox wallet's manifest), and no other page", () => {
    process.env.CHECKOUT_URL = 'https://checkout.example';
    process.env.SANDBOX_PUBLIC_URL = 'https://sandbox.example/';
    const payment = contentSecurityPolicy({ nonce: 'n', frameAncestors: [], frameHttps: true, dev: false, https: true });
    expect(connectSrc(payment)).toBe("connect-src 'self' https://sandbox.example");
    const other = contentSecurityPolicy({ nonce: 'n', frameAncestors: [], dev: false, https: true });
    expect(connectSrc(other)).toBe("connect-src 'self'");
    // Google Pay's origin stays where it was (a third party of that merchant's page).
    expect(
      connectSrc(
        contentSecurityPolicy({
          nonce: 'n',
          frameAncestors: [],
          frameHttps: true,
          dev: false,
          https: true,
          thirdParties: ['https://pay.google.com'],
        }),
      ),
    ).toBe("connect-src 'self' https://sandbox.example https://pay.google.com");
  });

  it('lets the page call the Click to Pay SRC system on an origin of its own, and nothing that is not an origin', () => {
    process.env.CHECKOUT_URL = 'https://checkout.example';
    delete process.env.SANDBOX_PUBLIC_URL;
    const csp = (connect: string[]) =>
      connectSrc(contentSecurityPolicy({ nonce: 'n', frameAncestors: [], frameHttps: true, dev: false, https: true, connectSrc: connect }));
    expect(csp(['https://src.example'])).toBe("connect-src 'self' https://src.example");
    expect(csp(["https://src.example 'unsafe-eval'", '*'])).toBe("connect-src 'self'");
  });

  it('shows the sandbox wallet’s icon from a sandbox on an http origin of its own (npm run cluster), on a payment page only', () => {
    process.env.CHECKOUT_URL = 'http://localhost:3510';
    process.env.SANDBOX_PUBLIC_URL = 'http://localhost:3501';
    const imgSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('img-src '));
    expect(imgSrc(contentSecurityPolicy({ nonce: 'n', frameAncestors: [], frameHttps: true, dev: false, https: false }))).toBe(
      "img-src 'self' data: https: http://localhost:3501",
    );
    expect(imgSrc(contentSecurityPolicy({ nonce: 'n', frameAncestors: [], dev: false, https: false }))).toBe("img-src 'self' data: https:");
  });

  it("adds nothing when the sandbox shares the checkout's origin, or outside test mode (no sandbox wallet)", () => {
    process.env.CHECKOUT_URL = 'https://checkout.example';
    delete process.env.SANDBOX_PUBLIC_URL;
    expect(connectSrc(contentSecurityPolicy({ nonce: 'n', frameAncestors: [], frameHttps: true, dev: false, https: true }))).toBe(
      "connect-src 'self'",
    );
    process.env.SANDBOX_PUBLIC_URL = 'https://sandbox.example';
    process.env.PAYMENTS_API_BASE_URL = 'https://api.psp.example';
    process.env.PAYMENTS_API_TOKEN = 'live_token';
    expect(connectSrc(contentSecurityPolicy({ nonce: 'n', frameAncestors: [], frameHttps: true, dev: false, https: true }))).toBe(
      "connect-src 'self'",
    );
  });

  it('allows what `next dev` needs in development only: none of it in a production policy', () => {
    process.env.CHECKOUT_URL = 'http://localhost:3000';
    const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    for (const frameHttps of [false, true]) {
      const production = contentSecurityPolicy({ nonce: 'n', frameAncestors: [], frameHttps, dev: false, https: false });
      expect(production).not.toMatch(/'unsafe-eval'|'unsafe-inline'|\bwss?:/);
      expect(directive(production, 'style-src')).toBe("style-src 'self' 'nonce-n'");
      expect(directive(production, 'script-src')).toBe("script-src 'self' 'nonce-n' 'strict-dynamic'");

      const development = contentSecurityPolicy({ nonce: 'n', frameAncestors: [], frameHttps, dev: true, https: false });
      // React's development tools evaluate code; the overlay's styles carry no nonce (a nonce would void 'unsafe-inline').
      expect(directive(development, 'script-src')).toBe("script-src 'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
      expect(directive(development, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
      // Hot reload's WebSocket, on the checkout's origin and its loopback twin.
      expect(directive(development, 'connect-src')).toContain('ws://localhost:3000 ws://127.0.0.1:3000');
      // The rest stays as strict as in production.
      for (const name of ['default-src', 'object-src', 'base-uri', 'frame-ancestors', 'form-action', 'frame-src'])
        expect(directive(development, name)).toBe(directive(production, name));
    }
    process.env.CHECKOUT_URL = 'https://checkout.example';
    expect(directive(contentSecurityPolicy({ nonce: 'n', frameAncestors: [], dev: true, https: true }), 'connect-src')).toBe(
      "connect-src 'self' wss://checkout.example",
    );
  });
});
