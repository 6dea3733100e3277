import type { tables } from '@urs/api';
import { Clock, iso } from './clock.js';
import { PlanContext, type NewRow, type StoredImage } from './context.js';
import { AREAS, CATEGORIES, PEOPLE } from './data.js';
import { planAnnouncements, planRequests } from './notices.js';
import { Random } from './random.js';
import { numberReports, planReports } from './reports.js';
import { planRounds, type VersionRow } from './rounds.js';
import { planInventory } from './stock.js';

const SEED = 0x5eed_2026;
const MINUTE_MS = 60_000;

/** Every row of the demo school, per table, before change_seq numbers are taken. */
export interface SeedPlan {
  users: NewRow<typeof tables.users>[];
  areas: NewRow<typeof tables.areas>[];
  categories: NewRow<typeof tables.categories>[];
  inventoryItems: NewRow<typeof tables.inventoryItems>[];
  stockTransactions: NewRow<typeof tables.stockTransactions>[];
  reports: NewRow<typeof tables.reports>[];
  reportPhotos: NewRow<typeof tables.reportPhotos>[];
  reportEvents: NewRow<typeof tables.reportEvents>[];
  itemRequests: NewRow<typeof tables.itemRequests>[];
  announcements: NewRow<typeof tables.announcements>[];
  announcementReads: NewRow<typeof tables.announcementReads>[];
  roundTemplates: NewRow<typeof tables.roundTemplates>[];
  roundCompletions: NewRow<typeof tables.roundCompletions>[];
}

/**
 * The plan with the days each person used the app: user_activity is the API's bookkeeping (no
 * change_seq, never synced), and without it analytics would call the whole demo staff inactive.
 */
export interface DemoSchool extends SeedPlan {
  userActivity: (typeof tables.userActivity.$inferInsert)[];
  /** Every saved definition of the rounds: no change_seq either (never synced). */
  roundTemplateVersions: VersionRow[];
}

export interface PlanInput {
  now: Date;
  passwordHashes: { admin: string; staff: string };
  /** Stored image per pool key (see images.ts). */
  images: ReadonlyMap<string, StoredImage>;
}

/** Server order: a pulling device then sees the history in the order it happened. */
const byCreated = <R extends { createdAt: string }>(rows: R[]): R[] =>
  rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/** Plans the whole school in memory: pure apart from ids, so it runs before the transaction. */
export function planDemoSchool(input: PlanInput): DemoSchool {
  const rng = new Random(SEED);
  const clock = new Clock(input.now);
  const ctx = new PlanContext(rng, clock, PEOPLE, input.images);

  const areas = AREAS.map((seed) => {
    const id = ctx.addArea(seed);
    const createdAt = clock.schoolTime(rng.int(200, 206), rng);
    const inactiveSince = seed.inactiveSinceDays;
    const updatedAt = inactiveSince === null ? createdAt : clock.schoolTime(inactiveSince, rng);
    return {
      ...ctx.sync(createdAt, updatedAt),
      id,
      name: seed.name,
      description: seed.description,
      active: inactiveSince === null,
    };
  });
  const categories = CATEGORIES.map((seed) => ({
    ...ctx.sync(clock.schoolTime(rng.int(200, 206), rng)),
    id: ctx.addCategory(seed.name),
    name: seed.name,
    description: seed.description,
  }));

  const inventory = planInventory(ctx);
  const work = planReports(ctx);
  const itemRequests = planRequests(ctx);
  const notices = planAnnouncements(ctx);
  // Last before the users, with a PRNG of its own: the history above is the same without it.
  const rounds = planRounds(ctx);

  // Users come last: their last_active_at must cover everything planned for them above.
  const users = ctx.allPeople().map((person) => {
    const { seed } = person;
    const createdAt = clock.schoolTime(seed.role === 'admin' ? 212 : rng.int(200, 208), rng);
    const lastVisit =
      seed.idleDays === 0
        ? new Date(input.now.getTime() - rng.int(10, 300) * MINUTE_MS)
        : clock.schoolTime(seed.idleDays, rng);
    const seen = ctx.lastSeenAt(person);
    const lastActiveAt = seen !== undefined && seen > lastVisit ? seen : lastVisit;
    ctx.touch(person, lastActiveAt);
    return {
      ...ctx.sync(createdAt),
      id: person.id,
      name: seed.name,
      email: seed.email,
      phone: seed.phone,
      role: seed.role,
      passwordHash: seed.role === 'admin' ? input.passwordHashes.admin : input.passwordHashes.staff,
      preferredTheme: seed.theme,
      preferredLanguage: seed.language,
      photoSha256: null,
      lastActiveAt: iso(lastActiveAt),
    };
  });

  return {
    users: byCreated(users),
    areas: byCreated([...areas, ...rounds.areas]),
    categories: byCreated(categories),
    inventoryItems: byCreated(inventory.items),
    stockTransactions: byCreated(inventory.transactions),
    reports: numberReports(byCreated(work.reports), clock),
    reportPhotos: byCreated(work.photos),
    reportEvents: byCreated(work.events),
    itemRequests: byCreated(itemRequests),
    announcements: byCreated(notices.announcements),
    announcementReads: byCreated(notices.reads),
    roundTemplates: byCreated(rounds.templates),
    roundCompletions: byCreated(rounds.completions),
    roundTemplateVersions: rounds.versions,
    userActivity: ctx.activity(),
  };
}
