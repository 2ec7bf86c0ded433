/**
 * Small HTTP helpers of the site (Node's `http`, no framework): bodies read with a size limit,
 * forms and cookies parsed, HTML escaped, answers with the site's security headers.
 */
import { config } from './config.mjs';

/** A request too large or malformed: answered with its status, never a 500. */
export class BadRequest extends Error {
  constructor(/** @type {number} */ status, /** @type {string} */ message) {
    super(message);
    this.status = status;
  }
}

/** The raw body, at most `limit` bytes (413 beyond). @param {import('node:http').IncomingMessage} request */
export async function readBody(request, limit = 64 * 1024) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > limit) throw new BadRequest(413, 'the body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** An `application/x-www-form-urlencoded` body as fields. @param {import('node:http').IncomingMessage} request */
export const readForm = async (request) => new URLSearchParams((await readBody(request, 8 * 1024)).toString('utf8'));

/** The value of cookie `name`, or undefined. @param {import('node:http').IncomingMessage} request @param {string} name */
export function cookie(request, name) {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Refuses (403) a form posted from another site: the login cookie is SameSite=Lax, and the Origin a
 * browser sends with every POST must be this site's.
 * @param {import('node:http').IncomingMessage} request
 */
export function requireSameOrigin(request) {
  if (request.headers.origin !== config.publicUrl) throw new BadRequest(403, 'a form of another site');
}

/** Text escaped for HTML content and double-quoted attributes. */
export const escape = (/** @type {unknown} */ value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The site's pages' policy: its own scripts and the checkout's embed script only, frames of its own
 * launch redirects (which answer 303 to the checkout) and of the checkout.
 */
const CSP = [
  "default-src 'self'",
  `script-src 'self' ${config.checkoutUrl}`,
  `frame-src 'self' ${config.checkoutUrl}`,
  "connect-src 'self'",
  "img-src 'self' data:",
  "style-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** @param {import('node:http').ServerResponse} response @param {string} html @param {number} [status] */
export function sendHtml(response, html, status = 200) {
  response
    .writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CSP,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
    })
    .end(html);
}

/** @param {import('node:http').ServerResponse} response @param {unknown} value @param {number} [status] */
export const sendJson = (response, value, status = 200) =>
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(value));

/** @param {import('node:http').ServerResponse} response @param {string} location @param {Record<string, string | string[]>} [headers] */
export const redirect = (response, location, headers = {}) => response.writeHead(303, { Location: location, ...headers }).end();
