import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createApp,
  createTestDatabase,
  hashPassword,
  insertSchool,
  loadEnv,
  tables,
  type Db,
} from '@urs/api';
import { newId, type Role } from '@urs/sync-protocol';
import { demoSchoolId, insertStamped } from '../seed/index.js';

/** A deterministic PRNG (mulberry32): the seed alone reproduces a case. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One school of the world: its people, its one area and its one item. */
export interface SchoolWorld {
  id: string;
  users: { id: string; role: Role; token: string }[];
  areaId: string;
  itemId: string;
}

export interface ServerWorld {
  db: Db;
  app: ReturnType<typeof createApp>;
  /** One app per API process, each on its own connection to the same database. */
  apps: ReturnType<typeof createApp>[];
  dir: string;
  /** The first school first; a single-school world has just that one. */
  schools: SchoolWorld[];
  initialStock: number;
  close(): Promise<void>;
}

let cachedHash: Promise<string> | undefined;
const PASSWORD = 'konvergen-123';

export interface ServerOptions {
  engine?: 'sqlite' | 'postgres';
  /** API processes sharing the database; devices' requests are spread across them. */
  processes?: number;
  /** Schools sharing the deployment, each with the same cast (1: the first school alone). */
  schools?: number;
}

/**
 * The real API on a fresh database (a SQLite file, or a scratch PostgreSQL database), as one
 * or more processes, with an admin, two staff, an area and an item.
 */
export async function startServer({
  engine = 'sqlite',
  processes = 1,
  schools = 1,
}: ServerOptions = {}): Promise<ServerWorld> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-converge-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, SCRYPT_LOG_N: '10' });
  const database = await createTestDatabase(dir, engine);
  const db = database.db;
  const others = Array.from({ length: processes - 1 }, () => database.reopen());
  const app = createApp({ db, env });
  const apps = [app, ...others.map((other) => createApp({ db: other, env }))];
  cachedHash ??= hashPassword(PASSWORD, 10);
  const passwordHash = await cachedHash;
  const now = new Date().toISOString();
  const initialStock = 50;
  const worlds: SchoolWorld[] = [];
  for (let k = 1; k <= schools; k++) {
    // Deterministic ids in FIRST_SCHOOL_ID's shape; school 1 is that id.
    const school = demoSchoolId(k);
    if (k > 1) await db.write((tx) => insertSchool(tx, { id: school, name: `Sekolah ${k}` }));
    const roles: Role[] = ['custodian', 'gardener', 'admin'];
    const users = [];
    for (const [i, role] of roles.entries()) {
      const id = newId();
      // Emails are unique across the deployment; the first school keeps its old ones.
      const email = k === 1 ? `u${i}@konvergen.test` : `u${i}@s${k}.konvergen.test`;
      const user = {
        id,
        name: `User ${i}`,
        email,
        role,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      };
      await db.write((tx) => insertStamped(tx, school, tables.users, [user]));
      const res = await app.request('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const { access_token: token } = (await res.json()) as { access_token: string };
      users.push({ id, role, token });
    }
    const areaId = newId();
    const area = { id: areaId, name: 'Laboratorium', createdAt: now, updatedAt: now };
    await db.write((tx) => insertStamped(tx, school, tables.areas, [area]));
    const itemId = newId();
    const item = {
      id: itemId,
      name: 'Cairan pembersih',
      unit: 'botol',
      stock: initialStock,
      minStock: 5,
      createdAt: now,
      updatedAt: now,
    };
    await db.write((tx) => insertStamped(tx, school, tables.inventoryItems, [item]));
    worlds.push({ id: school, users, areaId, itemId });
  }
  return {
    db,
    app,
    apps,
    dir,
    schools: worlds,
    initialStock,
    async close() {
      for (const other of others) await other.close();
      await db.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Drop = 'none' | 'before' | 'after';

/**
 * The patchy campus network between one device and the server: a request may be lost before
 * it reaches the server, or its response lost after the server committed.
 */
export function flakyFetch(world: ServerWorld, decide: () => Drop, pick: () => number) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const drop = decide();
    if (drop === 'before') throw new TypeError('Failed to fetch (request lost)');
    // Whichever process the load balancer picks for this request.
    const app =
      world.apps.length > 1
        ? (world.apps[Math.floor(pick() * world.apps.length)] ?? world.app)
        : world.app;
    const response = await app.fetch(new Request(input, init));
    if (drop === 'after') {
      await response.arrayBuffer();
      throw new TypeError('Failed to fetch (response lost)');
    }
    return response;
  };
}
