import { and, asc, count, eq, gt, gte, isNull, ne, not, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  PROTOCOL_VERSION,
  STOCK_HISTORY_DAYS_ON_DEVICE,
  type Change,
  type PullResponse,
  type Role,
  type SyncedEntity,
} from '@urs/sync-protocol';
import type { Db } from '../db/client.js';
import type { DbOrTx } from '../db/change-seq.js';
import * as t from '../db/schema.js';
import { announcementVisibleTo } from '../db/dialect.js';
import { preparedQuery } from '../db/prepared.js';
import type { Actor } from '../auth/policy.js';
import { requestsVisibleTo, type Viewer } from '../auth/visibility.js';
import { toPublicUser, toWire, type UserRow } from '../data/wire.js';

/*
 * Every device runs these queries every minute or so, and a first sync runs them once per
 * page: each is built and prepared once per connection and role (db/prepared.ts), with the
 * actor, cursor, limit and stock window bound as placeholders. Building a drizzle query and
 * having SQLite prepare it took about as long as running it.
 */
const ACTOR = sql.placeholder('actor');
const CURSOR = sql.placeholder('cursor');

// A type alias, not an interface: drizzle's execute() takes a Record with an index signature.
type Params = {
  actor: string;
  cursor: number;
  limit: number;
  since: string;
};

interface Source {
  entity: SyncedEntity;
  table: SQLiteTable & { changeSeq: SQLiteColumn; deletedAt: SQLiteColumn };
  /** Rows of this table the viewer may see at all; undefined = every row. */
  scope: (viewer: Viewer) => SQL | undefined;
  /**
   * Rows in scope that are nonetheless sent as a delete: an announcement whose audience no
   * longer includes the role must disappear from the device.
   */
  hidden?: (viewer: Viewer) => SQL | undefined;
}

const staffOnly = (actor: Viewer, condition: SQL): SQL | undefined =>
  actor.role === 'admin' ? undefined : condition;

const SOURCES: Source[] = [
  { entity: 'users', table: t.users, scope: () => undefined },
  { entity: 'areas', table: t.areas, scope: () => undefined },
  { entity: 'categories', table: t.categories, scope: () => undefined },
  {
    entity: 'reports',
    table: t.reports,
    scope: (a) => staffOnly(a, eq(t.reports.reporterId, a.id)),
  },
  {
    entity: 'report_photos',
    table: t.reportPhotos,
    scope: (a) => staffOnly(a, eq(t.reportPhotos.reporterId, a.id)),
  },
  { entity: 'inventory_items', table: t.inventoryItems, scope: () => undefined },
  {
    entity: 'stock_transactions',
    table: t.stockTransactions,
    // A million transactions do not belong on a phone: recent ones travel, the rest stay online.
    scope: () => gte(t.stockTransactions.occurredAt, sql.placeholder('since')),
  },
  {
    entity: 'item_requests',
    table: t.itemRequests,
    scope: requestsVisibleTo,
  },
  {
    entity: 'announcements',
    table: t.announcements,
    scope: () => undefined,
    hidden: (a) => staffOnly(a, not(announcementVisibleTo(a.role))),
  },
  {
    entity: 'announcement_reads',
    table: t.announcementReads,
    scope: (a) => eq(t.announcementReads.userId, a.id),
  },
];

type AnyRow = Record<string, unknown> & { id: string; changeSeq: number; deletedAt: string | null };

function toChange(source: Source, row: AnyRow, hidden: boolean): Change {
  if (row.deletedAt !== null || hidden) {
    return { entity: source.entity, op: 'delete', id: row.id, change_seq: row.changeSeq };
  }
  const convert = toWire[source.entity] as (r: AnyRow) => unknown;
  return {
    entity: source.entity,
    op: 'put',
    id: row.id,
    change_seq: row.changeSeq,
    row: convert(row),
  } as Change;
}

/** Announcements the role may see, not written by the actor and not read by them. */
function unreadSelect(d: DbOrTx, role: Role) {
  return d
    .select({ n: count() })
    .from(t.announcements)
    .where(
      and(
        isNull(t.announcements.deletedAt),
        ne(t.announcements.authorId, ACTOR),
        role === 'admin' ? undefined : announcementVisibleTo(role),
        sql`NOT EXISTS (SELECT 1 FROM ${t.announcementReads} WHERE ${t.announcementReads.userId} = ${ACTOR} AND ${t.announcementReads.announcementId} = ${t.announcements.id})`,
      ),
    );
}

/** Announcements the actor may see and has not read; their own are never news to them. */
export async function unreadAnnouncementCount(db: DbOrTx, actor: Actor): Promise<number> {
  const query = preparedQuery(db, `unread announcements ${actor.role}`, (d) =>
    unreadSelect(d, actor.role),
  );
  const [row] = await query.execute({ actor: actor.id });
  return row?.n ?? 0;
}

function viewerOf(role: Role): Viewer {
  return { id: ACTOR, role };
}

const UNREAD = 'unread';

/**
 * One row: for every source, how many of its rows in scope lie past the cursor, and the
 * actor's unread announcements. One round trip instead of one per table: on PostgreSQL each
 * costs a network round trip, and the counts tell which tables the page need not ask at all.
 */
function countsQuery(db: DbOrTx, role: Role) {
  return preparedQuery(db, `pull counts ${role}`, (d) => {
    const viewer = viewerOf(role);
    const columns: Record<string, SQL<number>> = {};
    for (const source of SOURCES) {
      const inScope = d
        .select({ n: count() })
        .from(source.table)
        .where(and(gt(source.table.changeSeq, CURSOR), source.scope(viewer)));
      columns[source.entity] = sql`(${inScope})`.mapWith(Number);
    }
    columns[UNREAD] = sql`(${unreadSelect(d, role)})`.mapWith(Number);
    // The counter's one row carries the scalar subqueries: a FROM every engine accepts.
    return d.select(columns).from(t.changeCounter).where(eq(t.changeCounter.id, 1));
  });
}

function pageQuery(db: DbOrTx, source: Source, role: Role) {
  return preparedQuery(db, `pull page ${source.entity} ${role}`, (d) => {
    const viewer = viewerOf(role);
    const hiddenCondition = source.hidden?.(viewer);
    return d
      .select({
        row: source.table,
        hidden:
          hiddenCondition === undefined
            ? sql<number>`0`
            : sql<number>`CASE WHEN ${hiddenCondition} THEN 1 ELSE 0 END`,
      })
      .from(source.table)
      .where(and(gt(source.table.changeSeq, CURSOR), source.scope(viewer)))
      .orderBy(asc(source.table.changeSeq))
      .limit(sql.placeholder('limit'));
  });
}

/**
 * One page of the changes the actor may see after `cursor` (a change_seq), oldest first.
 * Each table contributes its first `limit + 1` rows past the cursor; the smallest `limit` of
 * the union are then exactly the next `limit` changes overall, and the extra row tells
 * whether there is more. Read in one transaction so the page is a consistent snapshot.
 */
export function pullChanges(
  db: Db,
  user: UserRow,
  cursor: number,
  limit: number,
): Promise<PullResponse> {
  const actor: Actor = { id: user.id, role: user.role };
  const params: Params = {
    actor: actor.id,
    cursor,
    limit: limit + 1,
    // The stock window (see SOURCES).
    since: new Date(Date.now() - STOCK_HISTORY_DAYS_ON_DEVICE * 86_400_000).toISOString(),
  };
  return db.snapshot(async (tx) => {
    const [counts] = await countsQuery(tx, actor.role).execute(params);
    if (counts === undefined) throw new Error('change_counter row missing: run the migrations');
    let pastCursor = 0;
    const candidates: { source: Source; row: AnyRow; hidden: boolean }[] = [];
    for (const source of SOURCES) {
      const inScope = counts[source.entity] ?? 0;
      pastCursor += inScope;
      if (inScope === 0) continue;
      const rows = (await pageQuery(tx, source, actor.role).execute(params)) as {
        row: AnyRow;
        hidden: number;
      }[];
      for (const r of rows) candidates.push({ source, row: r.row, hidden: r.hidden === 1 });
    }
    candidates.sort((a, b) => a.row.changeSeq - b.row.changeSeq);
    const page = candidates.slice(0, limit);
    const last = page.at(-1);
    const nextCursor = last === undefined ? cursor : last.row.changeSeq;
    return {
      protocol_version: PROTOCOL_VERSION,
      changes: page.map((c) => toChange(c.source, c.row, c.hidden)),
      cursor: String(nextCursor),
      has_more: candidates.length > limit,
      // Every change_seq is unique across tables (one counter) and the page holds the smallest
      // ones past the cursor, so whatever was counted and is not on the page comes after it.
      remaining: pastCursor - page.length,
      unread_announcements: counts[UNREAD] ?? 0,
      me: toPublicUser(user),
    };
  });
}
