import { and, eq, gt, gte, isNotNull, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  PROTOCOL_VERSION,
  ACCOUNT_ROLES,
  STOCK_HISTORY_DAYS_ON_DEVICE,
  NOTIFICATION_DAYS_ON_DEVICE,
  type AccountRole,
  type SyncedEntity,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import * as t from '../db/schema.js';
import {
  announcementVisibleTo,
  jsonAsText,
  jsonName,
  jsonObject,
  nameLiteral,
  pageChangeRows,
  storedChangeJson,
} from '../db/dialect.js';
import { plainQuery, renderedKey, type PlainQuery } from '../db/plain-query.js';
import { inSchool, requestsVisibleTo, type Viewer } from '../auth/visibility.js';
import { toPublicUser, type OwnSchool, type UserRow } from '../data/wire.js';
import { liveSessionJsonSql, parseLiveSession, type LiveSessionRow } from '../data/live-session.js';
import { changeHead, putChangeJson } from '../data/wire-json.js';

/*
 * Every device runs these queries every minute or so, and a first sync runs them once per
 * page. Each is rendered once (db/plain-query.ts), with the session, cursor, limit and stock
 * window bound as placeholders; the database prepares it once per connection and builds every
 * change's JSON itself (data/wire-json.ts), so a page is one statement and the rows reach the
 * answer as the text they are sent as.
 *
 * The page reads its cursor, limit and stock window from a one-row CTE rather than from
 * placeholders in place: PostgreSQL plans a prepared statement for its first five runs with
 * the values bound, then keeps such custom plans for as long as they look cheaper than the
 * generic one, and a page at the end of the changes (every device's idle pull) always looks
 * cheaper. Planning the page took 3-6 ms against 0.3-0.7 ms to run it. With the values out of
 * the planner's sight, the custom plan is the generic one and the generic one is kept.
 */
const PARAMS = sql.raw('page_params');
const CURSOR = sql`(SELECT page_cursor FROM ${PARAMS})`;
const LIMIT = sql`(SELECT page_limit FROM ${PARAMS})`;
const SINCE = sql`(SELECT stock_since FROM ${PARAMS})`;
const NOTIFIED_SINCE = sql`(SELECT notified_since FROM ${PARAMS})`;
const PARAMS_ROW = sql`SELECT CAST(${sql.placeholder('cursor')} AS bigint) AS page_cursor, CAST(${sql.placeholder('limit')} AS bigint) AS page_limit, CAST(${sql.placeholder('since')} AS text) AS stock_since, CAST(${sql.placeholder('notifiedSince')} AS text) AS notified_since`;

/**
 * Whom a query reads for: the role decides the shape of the SQL; `roleValue` is that role as
 * the SQL compares it, a literal or, in the page statement, the session's role.
 */
export interface PullViewer extends Viewer {
  roleValue: AccountRole | SQL;
}

/** A table the page reads: every one belongs to a school and numbers its rows' changes. */
type PagedTable = SQLiteTable & { schoolId: SQLiteColumn; changeSeq: SQLiteColumn };

interface Source {
  /** The entity of the changes this source sends (as the change's `entity`). */
  entity: SyncedEntity;
  /** Every synced table belongs to a school (decision 027): its pull is read per school. */
  table: PagedTable;
  /**
   * Rows of this table the viewer may see at all; undefined = every row; null = none (the
   * source is not read for the viewer's role at all).
   */
  scope: (viewer: PullViewer) => SQL | undefined | null;
  /** The change each row is, as JSON text: see synced() and releases. */
  change: (viewer: PullViewer) => SQL<string>;
}

/** A synced table's rows, sent as themselves: a put, or a delete once removed. */
interface SyncedSource {
  entity: SyncedEntity;
  table: PagedTable & { id: SQLiteColumn; deletedAt: SQLiteColumn };
  scope: Source['scope'];
  /**
   * Rows in scope that are nonetheless sent as a delete: an announcement whose audience no
   * longer includes the role must disappear from the device.
   */
  hidden?: (viewer: PullViewer) => SQL | undefined;
  /**
   * The name a deleted row still goes by, sent with its delete: a report names an area, a
   * request an item, every record a user, and a device that drops the row must still be able
   * to say whose or where (sync-protocol's Change; older devices ignore the extra key).
   */
  name?: SQLiteColumn;
}

function synced(source: SyncedSource): Source {
  return { ...source, change: (viewer) => changeJson(source, viewer) };
}

const staffOnly = (actor: Viewer, condition: SQL): SQL | undefined =>
  actor.role === 'admin' ? undefined : condition;

/** Read for staff only: an admin reads every row of the school through the other source. */
const forStaff = (actor: Viewer, condition: SQL | undefined): SQL | undefined | null =>
  actor.role === 'admin' ? null : condition;

/**
 * A job's rows reach a staff member who filed it or to whom it is assigned (decision 028). Two
 * sources per table, each one range of its own index in change order: the rows they filed, and
 * the rows assigned to them that they did not file (so no row is read twice). Photos and events
 * carry their report's reporter and assignee for this (api/src/db/schema.ts).
 */
function heldReportRows(
  entity: 'reports' | 'report_photos' | 'report_events',
  table: SyncedSource['table'] & { reporterId: SQLiteColumn; assigneeId: SQLiteColumn },
): Source[] {
  return [
    synced({ entity, table, scope: (a) => staffOnly(a, eq(table.reporterId, a.id)) }),
    synced({
      entity,
      table,
      scope: (a) => forStaff(a, and(eq(table.assigneeId, a.id), ne(table.reporterId, a.id))),
    }),
  ];
}

/**
 * A round's completions reach the staff member who did them and whoever the round was for when
 * it was done: its one assignee, or anyone of its role (decision 030); admins read them all.
 * Three sources, one index range each; the second and third leave out what the first reads, and
 * a round is for a user or for a role, never both.
 */
function heldCompletions(): Source[] {
  const c = t.roundCompletions;
  return [
    synced({
      entity: 'round_completions',
      table: c,
      scope: (a) => staffOnly(a, eq(c.completedBy, a.id)),
    }),
    synced({
      entity: 'round_completions',
      table: c,
      scope: (a) => forStaff(a, and(eq(c.assigneeUserId, a.id), ne(c.completedBy, a.id))),
    }),
    synced({
      entity: 'round_completions',
      table: c,
      scope: (a) =>
        forStaff(a, and(sql`${c.assigneeRole} = ${a.roleValue}`, ne(c.completedBy, a.id))),
    }),
  ];
}

/**
 * Jobs taken from a staff member (decision 028): each sent as a delete of the report, so the
 * phone drops it with its photos and events. Admins see every report and hold no releases.
 */
const releases: Source = {
  entity: 'reports',
  table: t.reportReleases,
  scope: (a) => forStaff(a, eq(t.reportReleases.userId, a.id)),
  change: () =>
    jsonAsText(
      jsonObject([
        ['entity', jsonName('reports')],
        ['op', jsonName('delete')],
        ['id', t.reportReleases.reportId],
        ['change_seq', t.reportReleases.changeSeq],
      ]),
    ),
};

const SOURCES: Source[] = [
  synced({ entity: 'users', table: t.users, scope: () => undefined, name: t.users.name }),
  synced({ entity: 'areas', table: t.areas, scope: () => undefined, name: t.areas.name }),
  synced({
    entity: 'categories',
    table: t.categories,
    scope: () => undefined,
    name: t.categories.name,
  }),
  ...heldReportRows('reports', t.reports),
  ...heldReportRows('report_photos', t.reportPhotos),
  ...heldReportRows('report_events', t.reportEvents),
  releases,
  synced({
    entity: 'inventory_items',
    table: t.inventoryItems,
    scope: () => undefined,
    name: t.inventoryItems.name,
  }),
  synced({
    entity: 'stock_transactions',
    table: t.stockTransactions,
    // A million transactions do not belong on a phone: recent ones travel, the rest stay online.
    scope: () => gte(t.stockTransactions.occurredAt, SINCE),
  }),
  synced({
    entity: 'item_requests',
    table: t.itemRequests,
    scope: requestsVisibleTo,
  }),
  synced({
    entity: 'announcements',
    table: t.announcements,
    scope: () => undefined,
    hidden: (a) => staffOnly(a, not(announcementVisibleTo(a.roleValue))),
  }),
  synced({
    entity: 'announcement_reads',
    table: t.announcementReads,
    scope: (a) => eq(t.announcementReads.userId, a.id),
  }),
  // Decision 031: a user's own inbox, its recent part (the rest stays online), and preferences.
  synced({
    entity: 'notifications',
    table: t.notifications,
    scope: (a) =>
      and(eq(t.notifications.userId, a.id), gte(t.notifications.createdAt, NOTIFIED_SINCE)),
  }),
  synced({
    entity: 'notification_prefs',
    table: t.notificationPrefs,
    scope: (a) => eq(t.notificationPrefs.id, a.id),
  }),
  // Every user of the school holds every live template (decision 030).
  synced({ entity: 'round_templates', table: t.roundTemplates, scope: () => undefined }),
  ...heldCompletions(),
];

/** Announcements the role may see, not written by the actor and not read by them. */
export function unreadCountSql(viewer: PullViewer): SQL {
  const a = t.announcements;
  const r = t.announcementReads;
  const visible = and(
    inSchool(a, viewer.schoolId),
    isNull(a.deletedAt),
    ne(a.authorId, viewer.id),
    staffOnly(viewer, announcementVisibleTo(viewer.roleValue)),
    sql`NOT EXISTS (SELECT 1 FROM ${r} WHERE ${r.userId} = ${viewer.id} AND ${r.announcementId} = ${a.id})`,
  );
  return sql`SELECT count(*) AS n FROM ${a} WHERE ${visible}`;
}

/**
 * A change as the wire carries it (sync-protocol's Change): a delete for a removed row or one
 * the viewer may no longer see, otherwise a put with the wire row.
 */
function changeJson(source: SyncedSource, viewer: PullViewer): SQL<string> {
  const { table } = source;
  const [entity, id, seq] = changeHead(source.entity);
  const hidden = source.hidden?.(viewer);
  const gone =
    hidden === undefined ? isNotNull(table.deletedAt) : or(isNotNull(table.deletedAt), hidden);
  const asDelete = jsonObject([
    entity,
    ['op', jsonName('delete')],
    id,
    seq,
    ...(source.name === undefined ? [] : [['name', source.name] as const]),
  ]);
  const asPut = storedChangeJson(table, putChangeJson(source.entity));
  return jsonAsText(sql`CASE WHEN ${gone} THEN ${asDelete} ELSE ${asPut} END`);
}

/**
 * A row of the page statement: the head (`n` null), or a run of `n` changes past the cursor in
 * order, as db/dialect.ts's pageChangeRows hands them over: runs come in no particular order
 * and a run may be a change number alone (change null), which only says there is more.
 */
interface PageRow {
  /** The change_seq of the run's last change; in the head row, the counter's value. */
  seq: number | null;
  /** The run's changes as JSON text, joined by commas. */
  change: string | null;
  n: number | null;
  /** The session row liveSessionJsonSql found for the token hash, as JSON text; null if none. */
  session: string | null;
  /** Changes in scope past the cursor, all tables together; null when not counted. */
  past: number | null;
  unread: number | null;
}

/** The session the page is read for, looked up by the statement itself. */
const SESSION = sql.raw('page_session');
const SESSION_USER = sql`(SELECT user_id FROM ${SESSION})`;
const SESSION_ROLE = sql`(SELECT role FROM ${SESSION})`;
/** The session user's school: whose changes the page holds and whose numbering the cursor is in. */
const SESSION_SCHOOL = sql`(SELECT school_id FROM ${SESSION})`;

/** What a part of the page reads for the roles in `roles`, all of which read it alike. */
interface RoleVariant {
  roles: AccountRole[];
  viewer: PullViewer;
}

/**
 * The roles grouped by the SQL `build` writes for them (the session's role as a value, its
 * user as the actor): one variant where every role reads alike, two where admins read all
 * rows and staff their own, and so on. Each variant is gated on the session's role, so of a
 * part's variants only one runs (PostgreSQL: a one-time filter or an unevaluated CASE arm;
 * SQLite: a constant term tested once), and the rules stay the ones written per role above.
 */
function roleVariants(build: (viewer: PullViewer) => SQL): RoleVariant[] {
  const variants = new Map<string, RoleVariant>();
  for (const role of ACCOUNT_ROLES) {
    const viewer: PullViewer = {
      id: SESSION_USER,
      schoolId: SESSION_SCHOOL,
      role,
      roleValue: SESSION_ROLE,
    };
    const key = renderedKey(build(viewer));
    const known = variants.get(key);
    if (known === undefined) variants.set(key, { roles: [role], viewer });
    else known.roles.push(role);
  }
  return [...variants.values()];
}

/** The session's role is one of the variant's; undefined when every role shares it. */
function gateOf(variant: RoleVariant): SQL | undefined {
  if (variant.roles.length === ACCOUNT_ROLES.length) return undefined;
  return sql`${SESSION_ROLE} IN (${sql.join(variant.roles.map(nameLiteral), sql`, `)})`;
}

/** A scalar that only the session's variant computes. */
function perVariant(build: (viewer: PullViewer) => SQL): SQL {
  const variants = roleVariants(build);
  const [only] = variants;
  if (variants.length === 1 && only !== undefined) return sql`(${build(only.viewer)})`;
  const arms = variants.map((v) => sql`WHEN ${gateOf(v)} THEN (${build(v.viewer)})`);
  return sql`CASE ${sql.join(arms, sql` `)} END`;
}

/**
 * One statement per page, which also looks the request's session up: a head row with the
 * session (the guard's lookup, data/live-session.ts), how many changes in scope lie past the
 * cursor (when `counted`) and the user's unread announcements; then each table's first
 * `limit + 1` changes past the cursor, already as JSON, as the session's role may see them,
 * handed over as db/dialect.ts's pageChangeRows does on each engine (on PostgreSQL the page
 * already cut and joined), of which the API takes the first `limit` (takePage). On PostgreSQL
 * that is one round trip for the whole request, where the guard's lookup and the page were two.
 *
 * One statement reads one snapshot on both engines, so the session, the counts and the rows
 * agree without a transaction around them, and a session revoked before the statement began
 * finds no row. The ordering guarantee is the counter's row lock (decision 007): a snapshot
 * holds every change numbered below the highest it holds.
 */
function pageSql(counted: boolean): SQL {
  const counts = SOURCES.map(({ table, scope }) =>
    perVariant((viewer) => {
      const scoped = scope(viewer);
      if (scoped === null) return sql`SELECT 0`;
      return sql`SELECT count(*) FROM ${table} WHERE ${and(inSchool(table, viewer.schoolId), gt(table.changeSeq, CURSOR), scoped)}`;
    }),
  );
  const branches = SOURCES.flatMap((source, n) => {
    const { table } = source;
    const shape = (viewer: PullViewer) => {
      const scoped = source.scope(viewer);
      return scoped === null ? sql`none` : sql`${scoped ?? sql``} | ${source.change(viewer)}`;
    };
    return roleVariants(shape).flatMap((variant, i) => {
      const { viewer } = variant;
      const scoped = source.scope(viewer);
      if (scoped === null) return [];
      // The school is ANDed here, for every source alike, never left to a source's scope: no
      // source can forget it, and every branch reads one range of its (school_id, change_seq)
      // index in order, with no sort (decision 027).
      const where = and(
        gateOf(variant),
        inSchool(table, viewer.schoolId),
        gt(table.changeSeq, CURSOR),
        scoped,
      );
      const alias = sql.raw(`"page_${source.entity}_${n}_${i}"`);
      return [
        sql`SELECT seq, change FROM (SELECT ${table.changeSeq} AS seq, ${source.change(viewer)} AS change FROM ${table} WHERE ${where} ORDER BY ${table.changeSeq} LIMIT ${LIMIT} + 1) AS ${alias}`,
      ];
    });
  });
  const past = counted ? sql.join(counts, sql` + `) : sql`NULL`;
  const bigint = sql`CAST(NULL AS bigint)`;
  // The typed NULLs give the union its column types on PostgreSQL.
  // The head's seq is the session's school's counter: the last change_seq of that school, as of
  // the statement's snapshot (0 for a user without a school, whose pull holds nothing).
  const counter = sql`CAST(coalesce((SELECT ${t.changeCounter.value} FROM ${t.changeCounter} WHERE ${t.changeCounter.schoolId} = ${SESSION_SCHOOL}), 0) AS bigint)`;
  const head = sql`SELECT ${counter} AS seq, CAST(NULL AS text) AS change, ${bigint} AS n, (SELECT found FROM ${SESSION}) AS session, ${past} AS past, ${perVariant(unreadCountSql)} AS unread`;
  const runs = pageChangeRows(sql.join(branches, sql` UNION ALL `), LIMIT);
  return sql`WITH ${PARAMS} AS (${PARAMS_ROW}), ${SESSION} AS (${liveSessionJsonSql(sql.placeholder('session'))})
    ${head} UNION ALL SELECT seq, change, n, NULL, ${bigint}, ${bigint} FROM (${runs}) AS page_runs`;
}

/** With and without the count behind `remaining`, built on first use like the rest. */
const pageQueries = new Map<boolean, PlainQuery<PageRow>>();

function pageQuery(counted: boolean): PlainQuery<PageRow> {
  let query = pageQueries.get(counted);
  if (query === undefined) {
    query = plainQuery<PageRow>(pageSql(counted));
    pageQueries.set(counted, query);
  }
  return query;
}

/**
 * The page out of the statement's runs of changes: the runs oldest first, as many as fit in
 * `limit`. Each table gave its first `limit + 1` changes past the cursor, so the runs hold at
 * least one change more than the page when there is more; every change_seq of the school is
 * unique across tables (one counter per school, and the page holds one school), so no two runs
 * overlap.
 */
function takePage(rows: readonly PageRow[], limit: number) {
  const runs: { seq: number; change: string | null; n: number }[] = [];
  for (const { seq, change, n } of rows)
    if (seq !== null && n !== null) runs.push({ seq, change, n });
  runs.sort((a, b) => a.seq - b.seq);
  const taken: string[] = [];
  let count = 0;
  let last: number | undefined;
  let i = 0;
  for (; i < runs.length; i++) {
    const run = runs[i];
    if (run === undefined || run.change === null || count + run.n > limit) break;
    taken.push(run.change);
    count += run.n;
    last = run.seq;
  }
  return { changes: taken.join(','), taken: count, last, more: i < runs.length };
}

/** One page as pullChanges reads it: the session it was read for, and the answer for it. */
export interface PulledPage {
  /** The session row the statement found for the token hash; undefined when there is none. */
  session: LiveSessionRow | undefined;
  /**
   * The last change_seq the database has handed out. A cursor past it was given out by a
   * database since put back to an older copy (a restore from backup): see routes.ts.
   */
  lastChange: number;
  /** The PullResponse's JSON text, for the user the guard accepted that session for. */
  answer(user: UserRow, school: OwnSchool): string;
}

/**
 * One page of the changes the session's user may see after `cursor` (a change_seq), oldest
 * first, and with `counted` how many lie past it (`remaining`: a device asks for it on the
 * first page of a run and skips it on the rest, sync-protocol's PULL_REMAINING). Nothing of it
 * may leave before the guard has accepted the session (`Guard.admit`): the rows are read for
 * whoever the token hash names.
 */
export async function pullChanges(
  db: Db,
  tokenHash: string,
  cursor: number,
  limit: number,
  counted: boolean,
): Promise<PulledPage> {
  const rows = await pageQuery(counted).rows(db, {
    session: tokenHash,
    cursor,
    limit,
    // The stock window (see SOURCES).
    since: new Date(Date.now() - STOCK_HISTORY_DAYS_ON_DEVICE * 86_400_000).toISOString(),
    notifiedSince: new Date(Date.now() - NOTIFICATION_DAYS_ON_DEVICE * 86_400_000).toISOString(),
  });
  const head = rows.find((row) => row.n === null);
  if (head === undefined) throw new Error('the page statement answered no head row');
  return {
    session: head.session === null ? undefined : parseLiveSession(head.session),
    lastChange: Number(head.seq ?? 0),
    answer: (user, school) => {
      if (head.unread === null) {
        throw new Error('no unread count for the session: not one of ACCOUNT_ROLES?');
      }
      const { changes, taken, last, more } = takePage(rows, limit);
      const rest = JSON.stringify({
        cursor: String(last ?? cursor),
        has_more: more,
        // Every change_seq of the school is unique across tables (its counter) and the page holds the
        // smallest ones past the cursor, so whatever was counted and is not on the page
        // comes after it.
        ...(head.past !== null && { remaining: head.past - taken }),
        unread_announcements: head.unread,
        me: toPublicUser(user, school),
      });
      // The changes are JSON already; the rest of the answer keeps PullResponse's key order.
      return `{"protocol_version":${JSON.stringify(PROTOCOL_VERSION)},"changes":[${changes}],${rest.slice(1)}`;
    },
  };
}

/** The page statement behind `explain` (EXPLAIN QUERY PLAN, EXPLAIN): its plan, for tests. */
export function explainedPage(explain: string): PlainQuery<Record<string, unknown>> {
  return plainQuery(sql`${sql.raw(explain)} ${pageSql(true)}`);
}
