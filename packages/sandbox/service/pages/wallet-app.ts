/**
 * The sandbox wallet as a web payment app (W3C Payment Method Manifest and Payment Handler
 * API): its payment method identifier (/sandbox/wallet/method, whose `Link` header names the
 * method manifest), the method manifest (its default application), the web app manifest (name,
 * icon, service worker: what Chromium needs to install it just in time) and the service worker.
 * All on the sandbox's own origin; the service worker's window is /sandbox/wallet/pay.
 */
export const WALLET_SCOPE = '/sandbox/wallet/';

/** The method manifest: the wallet's app is the only default application. */
export const methodManifest = (origin: string) => ({
  default_applications: [`${origin}/sandbox/wallet/app-manifest`],
  supported_origins: [] as string[],
});

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
