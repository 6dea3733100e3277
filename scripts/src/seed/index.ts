import {
  FIRST_SCHOOL_ID,
  hashPassword,
  insertSchool,
  sha256Hex,
  tables,
  type Db,
  type PhotoStore,
  type Reader,
  type Tx,
} from '@urs/api';
import type { Role } from '@urs/sync-protocol';
import type { StoredImage } from './context.js';
import { ADMIN_PASSWORD, DISTRICT_SCHOOL_NAMES, PEOPLE, STAFF_PASSWORD } from './data.js';
import { poolImages } from './images.js';
import { planDemoSchool, type DemoSchool, type SeedPlan } from './plan.js';
import { insertStamped } from './stamped-insert.js';

/** Rows stamped as the API stamps them: what the benches and the convergence worlds build on. */
export { insertStamped };

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

/** A school of the demo district: school 1 is the first school with today's accounts. */
export interface DemoDistrictSchool {
  /** 1-based position in the district. */
  number: number;
  id: string;
  name: string;
  admin: DemoAccount;
}

/** `siti.aminah@urs.sch.id` in school 3 is `siti.aminah@s3.urs.sch.id`: unique across the deployment. */
export function schoolEmail(email: string, school: number): string {
  return school === 1 ? email : email.replace(/@urs\.sch\.id$/, `@s${school}.urs.sch.id`);
}

/** Deterministic ids in the shape of FIRST_SCHOOL_ID (school 1 is exactly that id). */
export function demoSchoolId(school: number): string {
  return `00000000-0000-7000-8000-${String(school).padStart(12, '0')}`;
}

function demoSchoolName(school: number): string {
  if (school === 1) return 'SMA Harapan Nusantara';
  const k = school - 2;
  const base = DISTRICT_SCHOOL_NAMES[k % DISTRICT_SCHOOL_NAMES.length] ?? 'Sekolah';
  const round = Math.floor(k / DISTRICT_SCHOOL_NAMES.length);
  return round === 0 ? base : `${base} ${round + 1}`;
}

/** The schools `SEED_SCHOOLS=count` seeds, with each one's administrator login. */
export function demoDistrict(count: number): DemoDistrictSchool[] {
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`SEED_SCHOOLS must be a whole number of at least 1, not ${String(count)}`);
  }
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin');
  if (admin === undefined) throw new Error('demo seed: no admin');
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    id: i === 0 ? FIRST_SCHOOL_ID : demoSchoolId(i + 1),
    name: demoSchoolName(i + 1),
    admin: { ...admin, email: schoolEmail(admin.email, i + 1) },
  }));
}

/** Rows added per table. */
export type SeedSummary = { [K in keyof SeedPlan]: number };

export interface SeedOptions {
  photos: PhotoStore;
  scryptLogN: number;
  /**
   * Schools of the demo district (`SEED_SCHOOLS`), 1 by default: the demo school alone, in the
   * first school. Schools 2..N get the same history with their own rows and accounts.
   */
  schools?: number;
  /** The moment the demo history ends; defaults to the current time. */
  now?: Date;
}

/** True while the users table has no rows at all (tombstones count as rows). */
export async function isDatabaseEmpty(db: Reader): Promise<boolean> {
  const rows = await db.select({ id: tables.users.id }).from(tables.users).limit(1);
  return rows.length === 0;
}

function add(a: SeedSummary, b: SeedSummary): SeedSummary {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof SeedSummary)[]) sum[key] += b[key];
  return sum;
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
    reportEvents: plan.reportEvents.length,
    itemRequests: plan.itemRequests.length,
    announcements: plan.announcements.length,
    announcementReads: plan.announcementReads.length,
    roundTemplates: plan.roundTemplates.length,
    roundCompletions: plan.roundCompletions.length,
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
  reportEvents: [],
  itemRequests: [],
  announcements: [],
  announcementReads: [],
  roundTemplates: [],
  roundCompletions: [],
});

async function insertPlan(tx: Tx, schoolId: string, plan: DemoSchool): Promise<void> {
  // Parents before children: foreign keys are checked row by row.
  await insertStamped(tx, schoolId, tables.users, plan.users);
  await insertStamped(tx, schoolId, tables.areas, plan.areas);
  await insertStamped(tx, schoolId, tables.categories, plan.categories);
  await insertStamped(tx, schoolId, tables.inventoryItems, plan.inventoryItems);
  await insertStamped(tx, schoolId, tables.stockTransactions, plan.stockTransactions);
  await insertStamped(tx, schoolId, tables.reports, plan.reports);
  await insertStamped(tx, schoolId, tables.reportPhotos, plan.reportPhotos);
  await insertStamped(tx, schoolId, tables.reportEvents, plan.reportEvents);
  await insertStamped(tx, schoolId, tables.itemRequests, plan.itemRequests);
  await insertStamped(tx, schoolId, tables.announcements, plan.announcements);
  await insertStamped(tx, schoolId, tables.announcementReads, plan.announcementReads);
  await insertStamped(tx, schoolId, tables.roundTemplates, plan.roundTemplates);
  const versions = plan.roundTemplateVersions.map((v) => ({ ...v, schoolId }));
  if (versions.length > 0) await tx.insert(tables.roundTemplateVersions).values(versions);
  await insertStamped(tx, schoolId, tables.roundCompletions, plan.roundCompletions);
  // A few hundred (person, day) pairs: well under any engine's parameter limit in one insert.
  if (plan.userActivity.length > 0) await tx.insert(tables.userActivity).values(plan.userActivity);
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
 * Seeds the demo school (SMA Harapan Nusantara, the first school) into an empty database: staff of every role,
 * areas, categories, a store room with six months of stock history, about sixty reports with
 * before/after photos (the last month's as jobs with timelines: seed/jobs.ts), item requests and
 * announcements.
 *
 * With `schools` > 1, a demo district: schools 2..N (demoDistrict) each get the same history
 * with ids, rows and logins of their own (`admin@s2.urs.sch.id`, …). The summary sums them.
 *
 * Idempotent: when the database already has users it writes nothing and returns all-zero
 * counts, so the summary always says what this call added.
 */
export async function seedDemoSchool(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  if (!(await isDatabaseEmpty(db))) return { ...NOTHING_ADDED };

  // The slow work (hashing, painting, storing photos) happens before the write transaction.
  const [adminHash, staffHash] = await Promise.all([
    hashPassword(ADMIN_PASSWORD, opts.scryptLogN),
    hashPassword(STAFF_PASSWORD, opts.scryptLogN),
  ]);
  const rendered = new Map<string, Uint8Array>();
  const images = new Map<string, StoredImage>();
  for (const [key, bytes] of poolImages()) {
    const sha256 = sha256Hex(bytes);
    rendered.set(sha256, bytes);
    images.set(key, { sha256, sizeBytes: bytes.byteLength });
  }
  const district = demoDistrict(opts.schools ?? 1);
  const now = opts.now ?? new Date();
  const plans = district.map((school) => {
    const plan = planDemoSchool({
      now,
      passwordHashes: { admin: adminHash, staff: staffHash },
      images,
    });
    // Same history, the school's own logins (emails are unique across the deployment).
    for (const user of plan.users) user.email = schoolEmail(user.email, school.number);
    return { school, plan };
  });
  const first = plans[0]?.plan;
  if (first === undefined) throw new Error('demo seed: no school');
  // Every school's plan points at the same pool of images: store them once.
  for (const sha256 of referencedPhotos(first)) {
    const bytes = rendered.get(sha256);
    if (bytes === undefined) throw new Error(`demo seed: no rendered image ${sha256}`);
    const stored = await opts.photos.put(bytes);
    if (stored !== sha256) throw new Error('demo seed: photo store returned another hash');
  }

  return db.write(async (tx) => {
    // Another process may have seeded while this one was hashing and painting.
    if (!(await isDatabaseEmpty(tx))) return { ...NOTHING_ADDED };
    let total = { ...NOTHING_ADDED };
    for (const { school, plan } of plans) {
      if (school.id !== FIRST_SCHOOL_ID)
        await insertSchool(tx, { id: school.id, name: school.name });
      await insertPlan(tx, school.id, plan);
      total = add(total, summarize(plan));
    }
    return total;
  });
}
