import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // PGlite loads its WebAssembly and data files from node_modules at run time; pg and pino are
  // plain Node packages that gain nothing from bundling.
  serverExternalPackages: ['@electric-sql/pglite', 'pino', 'pg'],
  experimental: {
    serverActions: {
      // Design brief section 5: about 100 KB. Merchant origins are never added to allowedOrigins.
      bodySizeLimit: '100kb',
    },
  },
};

export default withNextIntl(nextConfig);
