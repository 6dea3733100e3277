import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountRole, User } from '@urs/sync-protocol';
import { createApp } from '../app.js';
import type { Db } from '../db/handles.js';
import { loadEnv, type Env } from '../env.js';
import { createUser } from '../services/users.js';
import { FIRST_SCHOOL_ID, insertSchool } from '../db/schools.js';
import { newId } from '@urs/sync-protocol';
import { createTestDatabase, removeDir } from './databases.js';

export const TEST_PASSWORD = 'rahasia-123';

export interface TestApp {
  db: Db;
  env: Env;
  dataDir: string;
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  /**
   * Creates a user of the role directly in the database (in the first school unless `schoolId`
   * names another; a district_admin in none) and signs in through the API.
   */
  signIn(
    role: AccountRole,
    email?: string,
    options?: { schoolId?: string },
  ): Promise<{ token: string; user: User }>;
  /** A further school with its counter at 0; its id. */
  createSchool(name: string): Promise<string>;
  /**
   * Another app on its own connection to the same database, as a second API process (or this
   * one after a restart) would be: nothing is shared with this one but the database.
   */
  twin(): TestApp;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A fixed "now" for the school's calendar (export scopes), instead of the real clock. */
  now?: () => Date;
}

/**
 * A fresh app on a fresh migrated database of its own (SQLite, or PostgreSQL under
 * URS_TEST_ENGINE=postgres: see test/databases.ts), with cheap password hashing.
 */
export async function makeTestApp(
  overrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-api-test-'));
  let env: Env;
  try {
    env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SCRYPT_LOG_N: '10',
      TRUST_PROXY: 'true',
      ...overrides,
    });
  } catch (err) {
    removeDir(dataDir);
    throw err;
  }
  const database = await createTestDatabase(dataDir);
  const counter = { value: 0 };
  return appOn(
    database.db,
    env,
    options,
    counter,
    () => database.reopen(),
    async () => {
      await database.drop();
      removeDir(dataDir);
    },
  );
}

function appOn(
  db: Db,
  env: Env,
  options: TestAppOptions,
  counter: { value: number },
  reopen: () => Db,
  cleanUp: () => Promise<void>,
): TestApp {
  const app = createApp({ db, env, ...options });

  const request: TestApp['request'] = (p, init = {}) => {
    const { token, json, headers, ...rest } = init;
    const h = new Headers(headers);
    if (token !== undefined) h.set('authorization', `Bearer ${token}`);
    let body = rest.body;
    if (json !== undefined) {
      h.set('content-type', 'application/json');
      body = JSON.stringify(json);
    }
    return Promise.resolve(app.request(p, { ...rest, headers: h, body: body ?? null }));
  };

  return {
    db,
    env,
    dataDir: env.dataDir,
    request,
    async signIn(role, email, { schoolId = FIRST_SCHOOL_ID } = {}) {
      counter.value += 1;
      const n = counter.value;
      const address = email ?? `${role}.${n}@sekolah.test`;
      await createUser(
        db,
        {
          schoolId: role === 'district_admin' ? null : schoolId,
          name: `Test ${role} ${n}`,
          email: address,
          role,
          password: TEST_PASSWORD,
        },
        env.SCRYPT_LOG_N,
      );
      const res = await request('/api/login', {
        method: 'POST',
        json: { email: address, password: TEST_PASSWORD },
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { access_token: string; user: User };
      return { token: body.access_token, user: body.user };
    },
    async createSchool(name) {
      const id = newId();
      await db.write((tx) => insertSchool(tx, { id, name }));
      return id;
    },
    twin() {
      return appOn(reopen(), env, options, counter, reopen, () => Promise.resolve());
    },
    async close() {
      await db.close();
      await cleanUp();
    },
  };
}
