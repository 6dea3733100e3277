import pg from 'pg';

/** Starts the line on which the PostgreSQL bench process hands its rows to index.ts. */
export const ROWS_MARKER = 'BENCH_ROWS ';

/** The local Debian cluster's test role, as `api/test-postgres.mjs` creates it. */
const LOCAL_URL = 'postgres://urs_test:urs_test@127.0.0.1:5432/postgres';

/**
 * A PostgreSQL server the bench may create its own databases on: BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local cluster if it answers; undefined when there is none.
 */
export async function postgresAdminUrl(): Promise<string | undefined> {
  const configured = process.env['BENCH_DATABASE_URL'] || process.env['TEST_DATABASE_URL'];
  if (configured !== undefined && configured !== '') return configured;
  const client = new pg.Client({ connectionString: LOCAL_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return LOCAL_URL;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}
