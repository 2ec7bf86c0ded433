import { defineConfig } from 'drizzle-kit';

/** drizzle-kit's configuration: `npm run db:generate` writes a migration of the schema's change. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './drizzle',
});
