import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // PGlite loads its WebAssembly and data files from node_modules at run time; pg and pino are
  // plain Node packages that gain nothing from bundling.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg'],
  // nosniff on every answer, /api, /sandbox/api, embed.js and static files included (proxy.ts
  // adds the pages' CSP and the rest).
  async headers() {
    return [{ source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] }];
  },
  experimental: {
    serverActions: {
      // docs/design.md, section 5: about 100 KB (proxy.ts answers 413 above it). Merchant origins are never added to allowedOrigins.
      bodySizeLimit: '100kb',
    },
  },
};

export default withNextIntl(nextConfig);
