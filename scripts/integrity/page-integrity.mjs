/**
 * What the payment-page integrity tools share (PCI DSS 4.0 requirements 6.4.3 and 11.6.1): read
 * a live page's security headers and scripts, in a form that can be compared between answers.
 * - Headers: the CSP with its per-answer and per-deployment parts as placeholders
 *   (`normalizeCsp`), and the other security headers.
 * - Scripts: each `<script src>` with the SRI hash (sha384) of what the URL serves; each inline
 *   script by kind (the only kinds Next.js writes: the Turbopack chunk list and the React Server
 *   Components payload), and whether it carries the CSP's nonce.
 */
import { createHash } from 'node:crypto';

export const SECURITY_HEADERS = [
  'content-security-policy',
  'referrer-policy',
  'x-content-type-options',
  'permissions-policy',
  'strict-transport-security',
  'cache-control',
];

/** The inline scripts a page may hold, by what their text starts with, and why each is there. */
export const INLINE_KINDS = [
  {
    kind: 'turbopack-chunk-list',
    starts: '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(',
    why: 'Turbopack: the list of the page’s chunks to load (no code of its own)',
  },
  {
    kind: 'rsc-payload-init',
    starts: '(self.__next_f=self.__next_f||[]).push(',
    why: 'React Server Components: starts the page’s server-rendered payload (data)',
  },
  { kind: 'rsc-payload', starts: 'self.__next_f.push(', why: 'React Server Components: the page’s server-rendered payload (data)' },
  {
    kind: 'launch-submit',
    starts: "document.getElementById('launch-form').submit();",
    why: 'A launch address’s page: posts its one-time secret once, so the browser holds the page (docs/design.md, E22)',
  },
];

export const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * The CSP with per-answer and per-deployment parts replaced by placeholders: the nonce, the
 * merchant's origins in frame-ancestors, and the service's own origins in form-action and in a
 * payment page's frame-src (its ACS and provider pages; `https:` stays as it is).
 */
export function normalizeCsp(csp) {
  return csp
    .replace(/'nonce-[^']*'/g, "'nonce-{nonce}'")
    .replace(/frame-ancestors 'self'[^;]*/, "frame-ancestors 'self' {merchant origins}")
    .replace(/(form-action 'self' https:)(?: https?:\/\/[^\s;]+)*/, '$1 {service origins}')
    .replace(/(frame-src 'self' https:)(?: https?:\/\/[^\s;]+)*/, '$1 {service origins}');
}

/** Fetches `url` (with a browser's `cookie` when given) and answers its normalized security headers and its scripts. Throws on a non-2xx answer. */
export async function readPage(url, cookie) {
  const response = await fetch(url, { redirect: 'manual', ...(cookie ? { headers: { Cookie: cookie } } : {}) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const html = await response.text();
  const headers = {};
  for (const name of SECURITY_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = name === 'content-security-policy' ? normalizeCsp(value) : value;
  }
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? null;
  const scripts = [];
  const inline = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1];
    const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
    const hasNonce = nonce !== null && attributes.includes(`nonce="${nonce}"`);
    if (src) {
      const target = new URL(src.replace(/&amp;/g, '&'), url);
      const bytes = Buffer.from(await (await fetch(target)).arrayBuffer());
      scripts.push({
        src: target.origin === new URL(url).origin ? target.pathname : target.href,
        integrity: sri(bytes),
        noModule: /\snoModule/i.test(attributes),
        nonce: hasNonce,
      });
    } else {
      const text = match[2].trim();
      inline.push({
        kind: INLINE_KINDS.find((k) => text.startsWith(k.starts))?.kind ?? 'unknown',
        nonce: hasNonce,
        sample: text.slice(0, 60),
      });
    }
  }
  return { headers, scripts, inline };
}
