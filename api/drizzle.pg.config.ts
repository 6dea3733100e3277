import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations, generated from the schema derived in src/db/schema.pg.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.pg.ts',
  out: './src/db/migrations-pg',
});
