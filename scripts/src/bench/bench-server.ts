import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, loadEnv, migrateDatabase, openDatabase, type App, type Db } from '@urs/api';

/** Opens the case's database (migrated); SQLite in the case's folder unless told otherwise. */
export type OpenBenchDb = (dir: string) => Promise<{ db: Db; drop: () => Promise<void> }>;

async function sqliteBenchDb(dir: string) {
  const db = openDatabase(path.join(dir, 'bench.sqlite'));
  await migrateDatabase(db);
  return { db, drop: () => Promise.resolve() };
}

/** The real app on a fresh database (SQLite file in a temporary folder by default), for one bench case. */
export interface BenchServer {
  db: Db;
  app: App;
  /** Registers an account through the API (custodian by default) and returns its token. */
  register(email?: string): Promise<{ token: string; userId: string }>;
  close(): Promise<void>;
}

export async function benchServer(
  prefix: string,
  open: OpenBenchDb = sqliteBenchDb,
  /** More settings of the app (WEB_DIST_DIR, to serve the built PWA). */
  settings: Record<string, string> = {},
): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `urs-${prefix}-bench-`));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, SCRYPT_LOG_N: '10', ...settings });
  const { db, drop } = await open(dir);
  const app = createApp({ db, env });
  return {
    db,
    app,
    async register(email = 'bench@urs.test') {
      const res = await app.request('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench',
          email,
          password: 'bench-pass-1',
          password_confirmation: 'bench-pass-1',
        }),
      });
      const body = (await res.json()) as { access_token: string; user: { id: string } };
      return { token: body.access_token, userId: body.user.id };
    },
    async close() {
      await db.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
