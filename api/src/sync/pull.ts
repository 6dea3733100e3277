import { and, eq, gt, gte, isNotNull, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  PROTOCOL_VERSION,
  STOCK_HISTORY_DAYS_ON_DEVICE,
  type Role,
  type SyncedEntity,
} from '@urs/sync-protocol';
import type { Db } from '../db/client.js';
import * as t from '../db/schema.js';
import { announcementVisibleTo, jsonAsText, jsonObject, nameLiteral } from '../db/dialect.js';
import { plainQuery, type PlainQuery } from '../db/plain-query.js';
import type { Actor } from '../auth/policy.js';
import { requestsVisibleTo, type Viewer } from '../auth/visibility.js';
import { toPublicUser, type UserRow } from '../data/wire.js';
import { wireRowJson } from '../data/wire-json.js';

/*
 * Every device runs these queries every minute or so, and a first sync runs them once per
 * page. Each is written once per role and rendered once (db/plain-query.ts), with the actor,
 * cursor, limit and stock window bound as placeholders; the database prepares it once per
 * connection and builds every change's JSON itself (data/wire-json.ts), so a page is one
 * statement and the rows reach the answer as the text they are sent as.
 */
const ACTOR = sql.placeholder('actor');
const CURSOR = sql.placeholder('cursor');
const LIMIT = sql.placeholder('limit');

interface Source {
  entity: SyncedEntity;
  table: SQLiteTable & { id: SQLiteColumn; changeSeq: SQLiteColumn; deletedAt: SQLiteColumn };
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

function viewerOf(role: Role): Viewer {
  return { id: ACTOR, role };
}

/** Announcements the role may see, not written by the actor and not read by them. */
function unreadCountSql(role: Role): SQL {
  const a = t.announcements;
  const r = t.announcementReads;
  const visible = and(
    isNull(a.deletedAt),
    ne(a.authorId, ACTOR),
    role === 'admin' ? undefined : announcementVisibleTo(role),
    sql`NOT EXISTS (SELECT 1 FROM ${r} WHERE ${r.userId} = ${ACTOR} AND ${r.announcementId} = ${a.id})`,
  );
  return sql`SELECT count(*) AS n FROM ${a} WHERE ${visible}`;
}

/**
 * A change as the wire carries it (sync-protocol's Change): a delete for a removed row or one
 * the viewer may no longer see, otherwise a put with the wire row.
 */
function changeJson(source: Source, viewer: Viewer): SQL<string> {
  const { table } = source;
  const head = [
    ['entity', nameLiteral(source.entity)],
    ['id', table.id],
    ['change_seq', table.changeSeq],
  ] as const;
  const [entity, id, seq] = head;
  const hidden = source.hidden?.(viewer);
  const gone =
    hidden === undefined ? isNotNull(table.deletedAt) : or(isNotNull(table.deletedAt), hidden);
  const asDelete = jsonObject([entity, ['op', nameLiteral('delete')], id, seq]);
  const asPut = jsonObject([
    entity,
    ['op', nameLiteral('put')],
    id,
    seq,
    ['row', wireRowJson(source.entity)],
  ]);
  return jsonAsText(sql`CASE WHEN ${gone} THEN ${asDelete} ELSE ${asPut} END`);
}

interface PageRow {
  /** null on the one row that carries the counts. */
  seq: number | null;
  change: string | null;
  /** Changes in scope past the cursor, all tables together (counts row only). */
  past: number | null;
  unread: number | null;
}

/**
 * One statement per page: a first row with how many changes in scope lie past the cursor and
 * the actor's unread announcements, then each table's first `limit` changes past the cursor
 * (limit is the page size + 1), already as JSON. One statement reads one snapshot on both
 * engines, so the counts and the rows agree without a transaction around them; on PostgreSQL
 * it is one round trip where BEGIN, counts, rows and COMMIT were four. The ordering guarantee
 * is the counter's row lock (decision 007): a snapshot holds every change numbered below the
 * highest it holds.
 */
function pageSql(role: Role): SQL {
  const viewer = viewerOf(role);
  const counts = SOURCES.map(({ table, scope }) => {
    const where = and(gt(table.changeSeq, CURSOR), scope(viewer));
    return sql`(SELECT count(*) FROM ${table} WHERE ${where})`;
  });
  const branches = SOURCES.map((source) => {
    const { table } = source;
    const where = and(gt(table.changeSeq, CURSOR), source.scope(viewer));
    const alias = sql.raw(`"page_${source.entity}"`);
    return sql`SELECT seq, change, NULL, NULL FROM (SELECT ${table.changeSeq} AS seq, ${changeJson(source, viewer)} AS change FROM ${table} WHERE ${where} ORDER BY ${table.changeSeq} LIMIT ${LIMIT}) AS ${alias}`;
  });
  // The counter's one row carries the counts: a FROM every engine accepts. The typed NULLs
  // give the union its column types on PostgreSQL.
  const head = sql`SELECT CAST(NULL AS bigint) AS seq, CAST(NULL AS text) AS change, ${sql.join(counts, sql` + `)} AS past, (${unreadCountSql(role)}) AS unread FROM ${t.changeCounter} WHERE ${eq(t.changeCounter.id, 1)}`;
  return sql.join([head, ...branches], sql` UNION ALL `);
}

/** Built on first use: the SQL depends on the engine, chosen when the database opens. */
function perRole<R>(build: (role: Role) => SQL): (role: Role) => PlainQuery<R> {
  const built = new Map<Role, PlainQuery<R>>();
  return (role) => {
    let query = built.get(role);
    if (query === undefined) {
      query = plainQuery<R>(build(role));
      built.set(role, query);
    }
    return query;
  };
}

const unreadQuery = perRole<{ n: number }>(unreadCountSql);
const pageQuery = perRole<PageRow>(pageSql);

/** Announcements the actor may see and has not read; their own are never news to them. */
export async function unreadAnnouncementCount(db: Db, actor: Actor): Promise<number> {
  const [row] = await unreadQuery(actor.role).rows(db, { actor: actor.id });
  return row?.n ?? 0;
}

/**
 * One page of the changes the actor may see after `cursor` (a change_seq), oldest first, as
 * the JSON text of a PullResponse. Each table contributes its first `limit + 1` rows past the
 * cursor; the smallest `limit` of the union are then exactly the next `limit` changes overall,
 * and the extra row tells whether there is more.
 */
export async function pullChanges(
  db: Db,
  user: UserRow,
  cursor: number,
  limit: number,
): Promise<string> {
  const rows = await pageQuery(user.role).rows(db, {
    actor: user.id,
    cursor,
    limit: limit + 1,
    // The stock window (see SOURCES).
    since: new Date(Date.now() - STOCK_HISTORY_DAYS_ON_DEVICE * 86_400_000).toISOString(),
  });
  let counts: PageRow | undefined;
  const candidates: { seq: number; change: string }[] = [];
  for (const row of rows) {
    if (row.seq === null || row.change === null) counts = row;
    else candidates.push({ seq: row.seq, change: row.change });
  }
  if (counts === undefined) throw new Error('change_counter row missing: run the migrations');
  candidates.sort((a, b) => a.seq - b.seq);
  const page = candidates.slice(0, limit);
  const last = page.at(-1);
  const rest = JSON.stringify({
    cursor: String(last === undefined ? cursor : last.seq),
    has_more: candidates.length > limit,
    // Every change_seq is unique across tables (one counter) and the page holds the smallest
    // ones past the cursor, so whatever was counted and is not on the page comes after it.
    remaining: (counts.past ?? 0) - page.length,
    unread_announcements: counts.unread ?? 0,
    me: toPublicUser(user),
  });
  // The changes are JSON already; the rest of the answer keeps PullResponse's key order.
  return `{"protocol_version":${JSON.stringify(PROTOCOL_VERSION)},"changes":[${page.map((c) => c.change).join(',')}],${rest.slice(1)}`;
}
