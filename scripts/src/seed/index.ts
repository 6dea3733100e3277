import { hashPassword, nextChangeSeq, sha256Hex, tables, type Db, type PhotoStore } from '@urs/api';
import type { Role } from '@urs/sync-protocol';
import type { StoredImage } from './context.js';
import { ADMIN_PASSWORD, PEOPLE, STAFF_PASSWORD } from './data.js';
import { IMAGE_SPECS, imageKey, renderJpeg } from './images.js';
import { planDemoSchool, type SeedPlan } from './plan.js';

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  password: string;
}

/** Every demo login, printed by `npm start` and `npm run seed`. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = PEOPLE.map((p) => ({
  role: p.role,
  name: p.name,
  email: p.email,
  password: p.role === 'admin' ? ADMIN_PASSWORD : STAFF_PASSWORD,
}));

/** Rows added per table. */
export type SeedSummary = { [K in keyof SeedPlan]: number };

export interface SeedOptions {
  photos: PhotoStore;
  scryptLogN: number;
  /** The moment the demo history ends; defaults to the current time. */
  now?: Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** True while the users table has no rows at all (tombstones count as rows). */
export function isDatabaseEmpty(db: Db | Tx): boolean {
  return db.select({ id: tables.users.id }).from(tables.users).limit(1).get() === undefined;
}

function summarize(plan: SeedPlan): SeedSummary {
  return {
    users: plan.users.length,
    areas: plan.areas.length,
    categories: plan.categories.length,
    inventoryItems: plan.inventoryItems.length,
    stockTransactions: plan.stockTransactions.length,
    reports: plan.reports.length,
    reportPhotos: plan.reportPhotos.length,
    itemRequests: plan.itemRequests.length,
    announcements: plan.announcements.length,
    announcementReads: plan.announcementReads.length,
  };
}

const NOTHING_ADDED = summarize({
  users: [],
  areas: [],
  categories: [],
  inventoryItems: [],
  stockTransactions: [],
  reports: [],
  reportPhotos: [],
  itemRequests: [],
  announcements: [],
  announcementReads: [],
});

function* chunks<T>(rows: readonly T[], size = 100): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

function insertPlan(tx: Tx, plan: SeedPlan): void {
  const stamp = <R>(rows: readonly R[]) =>
    rows.map((row) => ({ ...row, changeSeq: nextChangeSeq(tx) }));
  // Parents before children: foreign keys are checked row by row.
  for (const rows of chunks(stamp(plan.users))) tx.insert(tables.users).values(rows).run();
  for (const rows of chunks(stamp(plan.areas))) tx.insert(tables.areas).values(rows).run();
  for (const rows of chunks(stamp(plan.categories)))
    tx.insert(tables.categories).values(rows).run();
  for (const rows of chunks(stamp(plan.inventoryItems))) {
    tx.insert(tables.inventoryItems).values(rows).run();
  }
  for (const rows of chunks(stamp(plan.stockTransactions))) {
    tx.insert(tables.stockTransactions).values(rows).run();
  }
  for (const rows of chunks(stamp(plan.reports))) tx.insert(tables.reports).values(rows).run();
  for (const rows of chunks(stamp(plan.reportPhotos))) {
    tx.insert(tables.reportPhotos).values(rows).run();
  }
  for (const rows of chunks(stamp(plan.itemRequests))) {
    tx.insert(tables.itemRequests).values(rows).run();
  }
  for (const rows of chunks(stamp(plan.announcements))) {
    tx.insert(tables.announcements).values(rows).run();
  }
  for (const rows of chunks(stamp(plan.announcementReads))) {
    tx.insert(tables.announcementReads).values(rows).run();
  }
}

/** Every photo the plan points at: report photos and the custom requests' product shots. */
function referencedPhotos(plan: SeedPlan): Set<string> {
  const shas = new Set(plan.reportPhotos.map((p) => p.sha256));
  for (const request of plan.itemRequests) {
    if (request.imageSha256 !== null && request.imageSha256 !== undefined)
      shas.add(request.imageSha256);
  }
  return shas;
}

/**
 * Seeds the demo school (SMA Harapan Nusantara) into an empty database: staff of every role,
 * areas, categories, a store room with six months of stock history, about sixty reports with
 * before/after photos, item requests and announcements.
 *
 * Idempotent: when the database already has users it writes nothing and returns all-zero
 * counts, so the summary always says what this call added.
 */
export async function seedDemoSchool(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  if (!isDatabaseEmpty(db)) return { ...NOTHING_ADDED };

  // better-sqlite3 transactions are synchronous, so all slow async work happens first.
  const [adminHash, staffHash] = await Promise.all([
    hashPassword(ADMIN_PASSWORD, opts.scryptLogN),
    hashPassword(STAFF_PASSWORD, opts.scryptLogN),
  ]);
  const rendered = new Map<string, Uint8Array>();
  const images = new Map<string, StoredImage>();
  for (const spec of IMAGE_SPECS) {
    const bytes = renderJpeg(spec);
    const sha256 = sha256Hex(bytes);
    rendered.set(sha256, bytes);
    images.set(imageKey(spec), { sha256, sizeBytes: bytes.byteLength });
  }
  const plan = planDemoSchool({
    now: opts.now ?? new Date(),
    passwordHashes: { admin: adminHash, staff: staffHash },
    images,
  });
  for (const sha256 of referencedPhotos(plan)) {
    const bytes = rendered.get(sha256);
    if (bytes === undefined) throw new Error(`demo seed: no rendered image ${sha256}`);
    const stored = await opts.photos.put(bytes);
    if (stored !== sha256) throw new Error('demo seed: photo store returned another hash');
  }

  return db.transaction((tx) => {
    // Another process may have seeded while this one was hashing and painting.
    if (!isDatabaseEmpty(tx)) return { ...NOTHING_ADDED };
    insertPlan(tx, plan);
    return summarize(plan);
  });
}
