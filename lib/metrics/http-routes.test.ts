/**
 * The route label of the request histogram: exactly the routes of app/ (a new page or route
 * handler fails here until it is listed), a pattern for every path a route serves, and one value
 * (`other`) for everything else, so that no id and no path a client made up becomes a label.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OTHER_ROUTE, ROUTE_PATTERNS, routeLabel } from './http-routes';

/** The route of every page.tsx and route.ts(x) under app/, as Next.js names it (route groups left out). */
function appRoutes(dir: string, prefix: string[] = []): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name.startsWith('_') || name.startsWith('@')) return [];
      return appRoutes(full, /^\(.*\)$/.test(name) ? prefix : [...prefix, name]);
    }
    return /^(?:page|route)\.tsx?$/.test(name) ? [`/${prefix.join('/')}`] : [];
  });
}

describe('routeLabel', () => {
  it('knows every route of app/, and no other', () => {
    expect([...ROUTE_PATTERNS].sort()).toEqual([...new Set(appRoutes(path.resolve('app')))].sort());
  });

  it('labels a path with the pattern of its route, never with an id', () => {
    expect(routeLabel('/payments/payin/pi_0123456789abcdef/card?locale=de')).toBe('/payments/[transactionType]/[paymentId]/card');
    expect(routeLabel('/payments/payout/po_0123456789abcdef/status')).toBe('/payments/[transactionType]/[paymentId]/status');
    expect(routeLabel('/api/payments/payin/pi_1/bin')).toBe('/api/payments/[transactionType]/[paymentId]/bin');
    expect(routeLabel('/api/payments/payin/pi_1')).toBe('/api/payments/[transactionType]/[paymentId]');
    expect(routeLabel('/api/cashier/cs_1/events')).toBe('/api/cashier/[sessionId]/events');
    expect(routeLabel('/cashier/cs_1/widget')).toBe('/cashier/[sessionId]/widget');
    expect(routeLabel('/sandbox/api/v1/payins/pi_1/process')).toBe('/sandbox/api/[...path]');
    expect(routeLabel('/sandbox/3ds/pi_1/method')).toBe('/sandbox/3ds/[paymentId]/method');
    expect(routeLabel('/sandbox/src/api/recognize')).toBe('/sandbox/src/api/[op]');
    expect(routeLabel('/sandbox/embed')).toBe('/sandbox/embed');
    expect(routeLabel('/sandbox/bank/payin/pi_1')).toBe('/sandbox/bank/payin/[paymentId]');
    expect(routeLabel('/sandbox/bank/app/0a1b2c3d')).toBe('/sandbox/bank/app/[token]');
    expect(routeLabel('/sandbox/bank/app/done')).toBe('/sandbox/bank/app/done');
    expect(routeLabel('/sandbox/wallet/icon.png')).toBe('/sandbox/wallet/icon.png');
    expect(routeLabel('/')).toBe('/');
    expect(routeLabel('/api/ready/')).toBe('/api/ready');
    // Dot segments resolved as Next.js resolves them.
    expect(routeLabel('/api/../payments/payin/pi_1/card')).toBe('/payments/[transactionType]/[paymentId]/card');
  });

  it('gives Next.js’s own paths and the public files one label each', () => {
    expect(routeLabel('/_next/static/chunks/app/page-0a1b2c.js')).toBe('/_next/static/[...path]');
    expect(routeLabel('/_next/image?url=x&w=64')).toBe('/_next/image');
    expect(routeLabel('/embed/v1.1.js')).toBe('/embed/[...file]');
    expect(routeLabel('/embed.js')).toBe('/embed.js');
    expect(routeLabel('/robots.txt')).toBe('/robots.txt');
    expect(routeLabel('/favicon.ico')).toBe('/favicon.ico');
  });

  it('puts every other path under one label', () => {
    for (const url of [
      '/metrics',
      '/wp-admin/setup.php',
      '/payments/payin/pi_1',
      '/payments/payin/pi_1/card/extra',
      '/api',
      '/sandbox/api',
      '//x',
      'http://[',
    ]) {
      expect(routeLabel(url), url).toBe(OTHER_ROUTE);
    }
    const labels = new Set(Array.from({ length: 2000 }, (_, i) => routeLabel(`/${'ab'.repeat(i % 7)}/${i}/${i * 31}?q=${i}`)));
    expect(labels.size).toBeLessThanOrEqual(ROUTE_PATTERNS.length + 6);
  });
});
