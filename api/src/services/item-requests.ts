import { and, asc, count, desc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { pageMeta, type ItemRequest, type Paged, type RequestStatus } from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { inventoryItems, itemRequests, users } from '../db/schema.js';
import { first } from '../db/first.js';
import { containsText } from '../db/dialect.js';
import { localDayStart, localDate, type SchoolClock } from '../lib/school-time.js';
import { toWire } from '../data/wire.js';
import type { SchoolActor } from '../auth/policy.js';
import { requestsVisibleTo } from '../auth/visibility.js';

export type RequestListRow = ItemRequest & {
  item_name: string | null;
  requester_name: string;
  approver_name: string | null;
};

export interface RequestListQuery {
  status?: RequestStatus | undefined;
  q?: string | undefined;
  page: number;
  per_page: number;
}

/**
 * The search text as the requests screen folds it (web: requests-list.ts, `matchesQuery`), so
 * the list and the export find what the screen shows: full-width and other compatibility forms
 * as plain letters, any run of spaces as one. The screen folds both sides to NFKD; here only the
 * query can be folded (SQLite's SQL cannot fold the stored text, and both engines must answer
 * alike), and names are stored as typed, which is usually composed (NFC): so the query is folded
 * to NFKC, the same folding, composed. A name stored decomposed or with a double space, and
 * non-ASCII case on SQLite (whose LIKE ignores ASCII case only), still match on the screen only.
 */
const requestSearchText = (q: string): string => q.normalize('NFKC').replace(/\s+/g, ' ').trim();

function conditions(
  actor: SchoolActor,
  status: RequestStatus | undefined,
  q: string | undefined,
): SQL | undefined {
  // The school's requests only (decision 027), and of those what the role may see.
  const list: (SQL | undefined)[] = [
    eq(itemRequests.schoolId, actor.schoolId),
    isNull(itemRequests.deletedAt),
    requestsVisibleTo(actor),
  ];
  if (status !== undefined) list.push(eq(itemRequests.status, status));
  const needle = requestSearchText(q ?? '');
  if (needle !== '') {
    list.push(
      or(
        containsText(itemRequests.number, needle),
        containsText(inventoryItems.name, needle),
        containsText(itemRequests.customName, needle),
      ),
    );
  }
  return and(...list);
}

const joined = (db: Db) =>
  db
    .select({
      request: itemRequests,
      itemName: inventoryItems.name,
      requesterName: users.name,
      // A subquery rather than a second, aliased join on users: drizzle renders a SQLite
      // table alias wrongly for PostgreSQL, and this reads the same on both engines.
      approverName: sql<
        string | null
      >`(SELECT approver.name FROM ${users} AS approver WHERE approver.id = ${itemRequests.approverId})`,
    })
    .from(itemRequests)
    .innerJoin(users, eq(users.id, itemRequests.requesterId))
    .leftJoin(inventoryItems, eq(inventoryItems.id, itemRequests.itemId));

type Joined = ReturnType<ReturnType<typeof joined>['all']>[number];
const toRow = (r: Joined): RequestListRow => ({
  ...toWire.item_requests(r.request),
  item_name: r.itemName,
  requester_name: r.requesterName,
  approver_name: r.approverName,
});

export async function listRequests(
  db: Db,
  actor: SchoolActor,
  query: RequestListQuery,
): Promise<Paged<RequestListRow>> {
  const where = conditions(actor, query.status, query.q);
  const total =
    (
      await first(
        db
          .select({ n: count() })
          .from(itemRequests)
          .leftJoin(inventoryItems, eq(inventoryItems.id, itemRequests.itemId))
          .where(where),
      )
    )?.n ?? 0;
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(itemRequests.createdAt), desc(itemRequests.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map(toRow), meta: pageMeta(query.page, query.per_page, total) };
}

/** All visible requests matching the filters, oldest first, read in keyset chunks. */
export async function* iterateRequests(
  db: Db,
  actor: SchoolActor,
  status: RequestStatus | undefined,
  q: string | undefined,
  chunk = 500,
): AsyncGenerator<RequestListRow> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const keyset =
      after === undefined
        ? undefined
        : or(
            sql`${itemRequests.createdAt} > ${after.createdAt}`,
            and(eq(itemRequests.createdAt, after.createdAt), sql`${itemRequests.id} > ${after.id}`),
          );
    const rows = await joined(db)
      .where(and(conditions(actor, status, q), keyset))
      .orderBy(asc(itemRequests.createdAt), asc(itemRequests.id))
      .limit(chunk);
    for (const row of rows) yield toRow(row);
    const last = rows.at(-1);
    if (last === undefined || rows.length < chunk) return;
    after = { createdAt: last.request.createdAt, id: last.request.id };
  }
}

export interface RequestAnalytics {
  from: string;
  to: string;
  total: number;
  daily_average: number;
  approved: number;
  rejected: number;
  pending: number;
  /** approved / decided, in percent; 0 when nothing was decided. */
  approval_rate: number;
  most_requested: { name: string; item_id: string | null; requests: number; quantity: number }[];
}

/** The requests tab's 30-day analytics: most requested items, daily average, approval rate. */
export async function requestAnalytics(
  db: Db,
  actor: SchoolActor,
  clock: SchoolClock,
  now = new Date(),
): Promise<RequestAnalytics> {
  const today = localDate(now, clock);
  const fromDay = new Date(Date.parse(`${today}T00:00:00.000Z`) - 29 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const since = localDayStart(fromDay, clock).toISOString();
  const where = and(
    eq(itemRequests.schoolId, actor.schoolId),
    isNull(itemRequests.deletedAt),
    requestsVisibleTo(actor),
    gte(itemRequests.createdAt, since),
  );
  const byStatus = new Map(
    (
      await db
        .select({ status: itemRequests.status, n: count() })
        .from(itemRequests)
        .where(where)
        .groupBy(itemRequests.status)
    ).map((r) => [r.status, r.n]),
  );
  // Aggregated, as PostgreSQL requires of every column outside the GROUP BY; each group has one
  // item (or one custom name up to case), so max() only picks among equals.
  const name = sql<string>`max(coalesce(${inventoryItems.name}, ${itemRequests.customName}))`;
  const most = await db
    .select({
      name,
      itemId: sql<string | null>`max(${itemRequests.itemId})`,
      requests: count(),
      quantity: sql<number>`sum(${itemRequests.quantity})`,
    })
    .from(itemRequests)
    .leftJoin(inventoryItems, eq(inventoryItems.id, itemRequests.itemId))
    .where(where)
    .groupBy(sql`coalesce(${itemRequests.itemId}, lower(${itemRequests.customName}))`)
    .orderBy(desc(count()), desc(sql`sum(${itemRequests.quantity})`))
    .limit(5);
  const approved = byStatus.get('approved') ?? 0;
  const rejected = byStatus.get('rejected') ?? 0;
  const pending = byStatus.get('pending') ?? 0;
  const total = approved + rejected + pending;
  return {
    from: fromDay,
    to: today,
    total,
    daily_average: Math.round((total / 30) * 10) / 10,
    approved,
    rejected,
    pending,
    approval_rate:
      approved + rejected === 0 ? 0 : Math.round((approved / (approved + rejected)) * 1000) / 10,
    most_requested: most.map((m) => ({
      name: m.name,
      item_id: m.itemId,
      requests: m.requests,
      quantity: Number(m.quantity),
    })),
  };
}
