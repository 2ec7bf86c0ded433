/**
 * The sandbox wallet as a web payment app (E21; W3C Payment Method Manifest and Payment Handler
 * API): its payment method identifier (/sandbox/wallet/method, whose `Link` header names the
 * method manifest), the method manifest (its default application), the web app manifest (name,
 * icon, service worker: what Chromium needs to install it just in time), the service worker, and
 * its icon. All on the sandbox's own origin; the service worker's window is /sandbox/wallet/pay.
 */
import { deflateSync } from 'node:zlib';

export const WALLET_SCOPE = '/sandbox/wallet/';

/** The method manifest: the wallet's app is the only default application. */
export const methodManifest = (origin: string) => ({ default_applications: [`${origin}/sandbox/wallet/app-manifest`], supported_origins: [] as string[] });

/** The web app manifest Chromium installs the wallet from. */
export const appManifest = () => ({
  name: 'Sandbox wallet',
  short_name: 'Sandbox wallet',
  icons: [{ src: '/sandbox/wallet/icon.png', sizes: '48x48', type: 'image/png' }],
  serviceworker: { src: '/sandbox/wallet/sw.js', scope: WALLET_SCOPE, use_cache: false },
});

/**
 * The service worker: a `paymentrequest` opens the wallet's window and waits for its answer
 * (`pay` with the token, or `cancel`); the window asks for the request's details with `ready`.
 * `canmakepayment` answers true: the wallet has cards.
 */
export const SERVICE_WORKER = `'use strict';
let pending = null;
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('canmakepayment', (event) => event.respondWith(true));
self.addEventListener('paymentrequest', (event) => {
  const method = event.methodData.find((m) => String(m.supportedMethods).endsWith('/sandbox/wallet/method'));
  if (!method) return;
  const data = method.data || {};
  event.respondWith(new Promise((resolve, reject) => {
    if (pending) pending.reject(new DOMException('Another payment started', 'AbortError'));
    pending = { resolve, reject, methodName: method.supportedMethods, details: { paymentId: String(data.paymentId || ''), merchantName: String(data.merchantName || ''), total: event.total, topOrigin: event.topOrigin } };
    event.openWindow('${WALLET_SCOPE}pay?request=1').then((client) => {
      if (!client && pending) { pending.reject(new DOMException('The wallet could not open', 'AbortError')); pending = null; }
      // The window may have loaded before this worker controlled it: it gets the details here too.
      else if (client && pending) client.postMessage({ type: 'request', details: pending.details });
    }, (error) => { if (pending) { pending.reject(error); pending = null; } });
  }));
});
self.addEventListener('message', (event) => {
  const message = event.data || {};
  if (!pending) { if (event.source) event.source.postMessage({ type: 'none' }); return; }
  if (message.type === 'ready' && event.source) event.source.postMessage({ type: 'request', details: pending.details });
  else if (message.type === 'pay' && typeof message.token === 'string') { pending.resolve({ methodName: pending.methodName, details: { token: message.token } }); pending = null; }
  else if (message.type === 'cancel') { pending.reject(new DOMException('Cancelled in the wallet', 'AbortError')); pending = null; }
});
`;

/** A square PNG of one colour (the wallet's icon; Chromium will not install a payment app without one). */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const x of buf) c = table[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size * 3 }, (_, i) => [r, g, b][i % 3]!))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
