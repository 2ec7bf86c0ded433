import path from 'node:path';
import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/**
 * BUILD_WITHOUT_SANDBOX=1 (the image for a real payments service, scripts/image/build-image.sh):
 * the build is made from a copy of the tree without packages/sandbox and app/sandbox, and the
 * start-up door's one import of the sandbox resolves to lib/sandbox-absent.ts.
 */
const withoutSandbox = process.env.BUILD_WITHOUT_SANDBOX === '1';
/** This folder: the root of the build and of its traced files, also when it is a copy inside another checkout. */
const root = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  outputFileTracingRoot: root,
  turbopack: { root, ...(withoutSandbox ? { resolveAlias: { '@sandbox/service/worker': './lib/sandbox-absent.ts' } } : {}) },
  poweredByHeader: false,
  // One build, tested as it ships: `.next/standalone` holds server.js and only the node_modules
  // it needs (scripts/build/standalone-assets.mjs adds the static files and the sandbox's
  // migrations beside it). The browser tests, `npm start`, the demo and the image all run it.
  output: 'standalone',
  // `npm run typecheck` (tsc) is the type check of the gate; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // PGlite loads its WebAssembly and data files from node_modules at run time; pg and pino are
  // plain Node packages that gain nothing from bundling. rate-limiter-flexible is required once
  // per process from node_modules: bundled, each route had a copy of its classes, and a refusal
  // from one copy was taken for an outage by another.
  // prom-client likewise: one registry and one set of metric classes per process (lib/metrics/metrics.ts).
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg', 'rate-limiter-flexible', 'undici', 'prom-client'],
  // nosniff on every answer, /api, /sandbox/api, embed.js and static files included (proxy.ts
  // adds the pages' CSP and the rest).
  // The embed script (public/embed/, scripts/build/build-embed.mjs) is loaded by merchants' pages with
  // `integrity` and `crossorigin`: CORS for any origin (no credentials), a short cache (a release's
  // files never change, but /embed/manifest.json names the current one), and the right types.
  async headers() {
    const embed = [
      { key: 'Access-Control-Allow-Origin', value: '*' },
      { key: 'Cache-Control', value: 'public, max-age=300' },
    ];
    return [
      { source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      { source: '/embed/:file*', headers: embed },
      { source: '/embed.js', headers: embed },
      { source: '/embed/v1.mjs', headers: [{ key: 'Content-Type', value: 'text/javascript; charset=utf-8' }] },
      { source: '/embed/v1.d.ts', headers: [{ key: 'Content-Type', value: 'text/plain; charset=utf-8' }] },
    ];
  },
  experimental: {
    // The build's stylesheet goes inline in each page's document: no request stands between the
    // document and its first paint (docs/performance.md, "The customer's clock"). The framework
    // gives those <style> elements no nonce; the CSP admits them by hash
    // (lib/framing/inline-style-hashes.ts).
    inlineCss: true,
    serverActions: {
      // docs/design.md, section 5: about 100 KB (proxy.ts answers 413 above it). Merchant origins are never added to allowedOrigins.
      bodySizeLimit: '100kb',
    },
  },
};

export default withNextIntl(nextConfig);
