/**
 * Merchant origins allowed to frame the pages and to receive their messages (the checkout
 * settings' `allowedOrigins`; docs/design.md, section 5). A pattern is an origin
 * (`https://shop.example`), an origin with any port (`http://localhost:*`), or a
 * subdomain wildcard (`https://*.shop.example`): the CSP source-expression forms. Pure, no
 * configuration: the pages' browser code imports it (lib/framing/parent-messages.ts).
 */

const PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}|\*))?$/i;

/** Whether `pattern` is a well-formed origin pattern (anything else is ignored). */
export const isOriginPattern = (pattern: string): boolean => PATTERN.test(pattern);

/** Whether `origin` (scheme://host[:port]) is allowed by `pattern`. */
export function originMatches(pattern: string, origin: string): boolean {
  const p = PATTERN.exec(pattern);
  if (!p) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const [, scheme, wildcard, host, port] = p;
  if (`${scheme?.toLowerCase()}:` !== url.protocol) return false;
  const hostname = url.hostname.toLowerCase();
  const base = (host ?? '').toLowerCase();
  if (wildcard ? !hostname.endsWith(`.${base}`) : hostname !== base) return false;
  if (port === '*') return true;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return (url.port || defaultPort) === (port ?? defaultPort);
}

/** Whether `origin` is allowed by one of `patterns`. Pure: the pages' browser code uses it too. */
export const isAllowedOrigin = (patterns: readonly string[], origin: string): boolean =>
  patterns.some((pattern) => originMatches(pattern, origin));
