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

function unreadCountQuery(db: DbOrTx, role: Role) {
  return preparedQuery(db, `unread announcements ${role}`, (d) =>
    d
      .select({ n: count() })
      .from(t.announcements)
      .where(
        and(
          isNull(t.announcements.deletedAt),
          ne(t.announcements.authorId, ACTOR),
          role === 'admin' ? undefined : announcementVisibleTo(role),
          sql`NOT EXISTS (SELECT 1 FROM ${t.announcementReads} WHERE ${t.announcementReads.userId} = ${ACTOR} AND ${t.announcementReads.announcementId} = ${t.announcements.id})`,
        ),
      )
      .prepare(),
  );
}

/** Announcements the actor may see and has not read; their own are never news to them. */
export async function unreadAnnouncementCount(db: DbOrTx, actor: Actor): Promise<number> {
  const [row] = await unreadCountQuery(db, actor.role).execute({ actor: actor.id });
  return row?.n ?? 0;
}

function viewerOf(role: Role): Viewer {
  return { id: ACTOR, role };
}

function remainingQuery(db: DbOrTx, source: Source, role: Role) {
  return preparedQuery(db, `pull remaining ${source.entity} ${role}`, (d) =>
    d
      .select({ n: count() })
      .from(source.table)
      .where(and(gt(source.table.changeSeq, CURSOR), source.scope(viewerOf(role))))
      .prepare(),
  );
}

/** What the next pages will hold: every source's rows in scope past the cursor. */
async function remainingChanges(tx: DbOrTx, role: Role, params: Params): Promise<number> {
  let total = 0;
  for (const source of SOURCES) {
    const [row] = await remainingQuery(tx, source, role).execute(params);
    total += row?.n ?? 0;
  }
  return total;
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
      .limit(sql.placeholder('limit'))
      .prepare();
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
    const candidates: { source: Source; row: AnyRow; hidden: boolean }[] = [];
    for (const source of SOURCES) {
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
    const hasMore = candidates.length > limit;
    return {
      protocol_version: PROTOCOL_VERSION,
      changes: page.map((c) => toChange(c.source, c.row, c.hidden)),
      cursor: String(nextCursor),
      has_more: hasMore,
      // Counted only when there is more: most pulls are one page and pay nothing for it.
      remaining: hasMore
        ? await remainingChanges(tx, actor.role, { ...params, cursor: nextCursor })
        : 0,
      unread_announcements: await unreadAnnouncementCount(tx, actor),
      me: toPublicUser(user),
    };
  });
}
