import { and, inArray, isNull } from 'drizzle-orm';
import {
  NOTIFICATION_KIND_RULES,
  newId,
  type NotificationParams,
  type NotificationPriority,
  type Role,
  type ServerNotificationKind,
} from '@urs/sync-protocol';
import type { Tx } from '../db/handles.js';
import { users } from '../db/schema.js';
import { currentEngine } from '../db/dialect.js';
import { rowsOf, run } from '../db/statement.js';
import { inSchool } from '../auth/visibility.js';

/*
 * Writing notifications (docs/decisions/031-notifications-and-web-push.md): one row per
 * recipient, in the transaction of the event they tell of, so a notification exists exactly
 * when its event does; and one push delivery per subscription of each recipient, which any API
 * process's sender drains after the commit (services/push-sender.ts).
 */

/** Where a notification is written: the event's own transaction and its school's counter. */
export interface NotifyContext {
  tx: Tx;
  /** Who acted; `id` null for what nobody did (a round due or missed). */
  actor: { id: string | null; schoolId: string };
  now: string;
  seq: () => number;
  /** Runs `fn` once the transaction has committed (the sender's wake-up); absent: never. */
  afterCommit?: (fn: () => void) => void;
  /**
   * Where a push batch gathers its notices (noticeQueue), written by flushNotices before the
   * batch commits; absent: each notice is written at once.
   */
  notices?: NoticeQueue;
}

/**
 * A push batch's notices, gathered to be written in a few multi-row statements at its end, and
 * what the batch has read of its recipients: whether each is a live user of the school and
 * their push subscriptions. Neither changes inside a batch: users and subscriptions are written
 * only by REST routes, never by a sync mutation (as areas, see assertAreaExists), and a batch
 * tells the same few people of most of its events (the admin, the assignee, the reporter).
 * Each notice keeps the ids and change numbers it would have had written at once.
 */
export interface NoticeQueue {
  /** Each notification's parameters, in INSERT_NOTIFICATIONS' order. */
  notifications: unknown[][];
  /** Each push delivery's parameters, in INSERT_DELIVERIES' order. */
  deliveries: unknown[][];
  live: Map<string, boolean>;
  subscriptions: Map<string, string[]>;
}

export const noticeQueue = (): NoticeQueue => ({
  notifications: [],
  deliveries: [],
  live: new Map(),
  subscriptions: new Map(),
});

/**
 * Drops the notices queued after the queue held `notifications` and `deliveries` rows: those of
 * a mutation that was refused and rolled back.
 */
export function undoNotices(queue: NoticeQueue, notifications: number, deliveries: number): void {
  queue.notifications.length = notifications;
  queue.deliveries.length = deliveries;
}

export interface Notice {
  kind: ServerNotificationKind;
  subjectId: string;
  params: NotificationParams;
  priority?: NotificationPriority;
  /** Who is told; null entries, repeats and the actor are left out. */
  to: readonly (string | null)[];
  /** The ids are live users of the school already (read so by the caller): no second look. */
  checked?: boolean;
}

/** Rows per statement at most: well inside both engines' limits on bound values. */
const CHUNK = 256;

/**
 * `rows` in parts whose sizes are powers of two (37 rows: 32, 4, 1), so a connection prepares
 * at most nine texts of each statement below, whatever the lengths of the lists it is given.
 */
function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length;) {
    let size = CHUNK;
    while (size > rows.length - i) size /= 2;
    out.push(rows.slice(i, i + size));
    i += size;
  }
  return out;
}

/** Called with every transaction that wrote deliveries, after its commit (push-sender.ts). */
const wakeListeners = new Set<() => void>();

export function onDeliveriesWritten(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

function wakeSenders(): void {
  for (const listener of wakeListeners) listener();
}

/** The PostgreSQL channel every process's sender listens on. */
export const PUSH_CHANNEL = 'urs_push';

/*
 * A job's notices are written inside the push's hot path (one or two per plan, status change or
 * comment), so their statements are plain SQL, prepared once per connection (db/statement.ts)
 * as the job handlers' own are, where drizzle's builder built and prepared each anew. A list of
 * ids or rows goes in parts of a power-of-two size (`chunks`), each size's text prepared once.
 */

/** `?, ?, ...`: `n` parameters. */
const params = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** `(?, ...), (?, ...)`: the VALUES of `rows` rows of `columns` parameters each. */
const valueRows = (rows: number, columns: number) =>
  Array.from({ length: rows }, () => `(${params(columns)})`).join(', ');

/**
 * `build(n)` made once per `n`: a statement's text for `n` ids or rows. Built anew, the text of
 * a one-row insert was a new string per notice, hashed again to find its prepared statement.
 */
function textsBy(build: (n: number) => string): (n: number) => string {
  const texts = new Map<number, string>();
  return (n) => {
    let text = texts.get(n);
    if (text === undefined) {
      text = build(n);
      texts.set(n, text);
    }
    return text;
  };
}

const LIVE_USERS = textsBy(
  (n) => `SELECT id FROM users WHERE id IN (${params(n)}) AND school_id = ? AND deleted_at IS NULL`,
);

/** The live users of the school among `ids`. */
async function liveUsers(tx: Tx, schoolId: string, ids: readonly string[]): Promise<string[]> {
  const live = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await rowsOf<{ id: string }>(tx, LIVE_USERS(part.length), ...part, schoolId);
    for (const row of rows) live.add(row.id);
  }
  return ids.filter((id) => live.has(id));
}

/** The live users of the school with one of `roles` (null: every role). */
export async function usersWithRoles(
  tx: Tx,
  schoolId: string,
  roles: readonly Role[] | null,
): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inSchool(users, schoolId),
        isNull(users.deletedAt),
        roles === null ? undefined : inArray(users.role, [...roles]),
      ),
    )
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** Parameters in this order, read_at NULL: a notification is unread when written. */
const NOTIFICATION_COLUMNS =
  'id, school_id, user_id, kind, subject_type, subject_id, actor_id, params, priority, read_at, created_at, updated_at, change_seq';
const INSERT_NOTIFICATIONS = textsBy(
  (n) => `INSERT INTO notifications (${NOTIFICATION_COLUMNS}) VALUES ${valueRows(n, 13)}`,
);
const SUBSCRIPTIONS = textsBy(
  (n) =>
    `SELECT id, user_id AS "userId" FROM push_subscriptions WHERE school_id = ? AND user_id IN (${params(n)})`,
);
const INSERT_DELIVERIES = textsBy(
  (n) =>
    `INSERT INTO push_deliveries (school_id, notification_id, subscription_id, created_at, next_attempt_at, attempts) VALUES ${valueRows(n, 6)}`,
);

/**
 * Writes the notice's notifications and their push deliveries; answers how many people it told.
 * Nobody is told of their own act.
 */
export async function notify(ctx: NotifyContext, notice: Notice): Promise<number> {
  const { tx, actor } = ctx;
  const wanted = [
    ...new Set(notice.to.filter((id): id is string => id !== null && id !== actor.id)),
  ];
  const queue = ctx.notices;
  if (queue !== undefined) return queueNotice(ctx, queue, notice, wanted);
  const recipients = notice.checked === true ? wanted : await liveUsers(tx, actor.schoolId, wanted);
  if (recipients.length === 0) return 0;
  const rows = recipients.map((userId) => ({ id: newId(), userId, changeSeq: ctx.seq() }));
  for (const part of chunks(notificationRows(ctx, notice, rows))) {
    await run(tx, INSERT_NOTIFICATIONS(part.length), ...part.flat());
  }
  await queueDeliveries(ctx, rows);
  return rows.length;
}

/** The INSERT_NOTIFICATIONS parameters of `rows`, one notice's. */
function notificationRows(
  { actor, now }: NotifyContext,
  notice: Notice,
  rows: readonly { id: string; userId: string; changeSeq: number }[],
): unknown[][] {
  const rule = NOTIFICATION_KIND_RULES[notice.kind];
  // JSON as drizzle's JSON column wrote it (JSON.stringify), once for every recipient.
  const json = JSON.stringify(notice.params);
  const priority = notice.priority ?? 'normal';
  return rows.map((r) => [
    r.id,
    actor.schoolId,
    r.userId,
    notice.kind,
    rule.subject,
    notice.subjectId,
    actor.id,
    json,
    priority,
    null,
    now,
    now,
    r.changeSeq,
  ]);
}

/**
 * notify() in a push batch: the notice's rows, under the ids and change numbers they take now,
 * are queued for flushNotices; its recipients and their subscriptions are read only the first
 * time the batch tells them of something.
 */
async function queueNotice(
  ctx: NotifyContext,
  queue: NoticeQueue,
  notice: Notice,
  wanted: readonly string[],
): Promise<number> {
  const { tx, actor, now } = ctx;
  if (notice.checked === true) for (const id of wanted) queue.live.set(id, true);
  const unknown = wanted.filter((id) => !queue.live.has(id));
  if (unknown.length > 0) {
    const live = new Set(await liveUsers(tx, actor.schoolId, unknown));
    for (const id of unknown) queue.live.set(id, live.has(id));
  }
  const recipients = wanted.filter((id) => queue.live.get(id) === true);
  if (recipients.length === 0) return 0;
  const unread = recipients.filter((id) => !queue.subscriptions.has(id));
  if (unread.length > 0) {
    for (const id of unread) queue.subscriptions.set(id, []);
    for (const s of await subscriptionsOf(ctx, unread))
      queue.subscriptions.get(s.userId)?.push(s.id);
  }
  const rows = recipients.map((userId) => ({ id: newId(), userId, changeSeq: ctx.seq() }));
  queue.notifications.push(...notificationRows(ctx, notice, rows));
  const due = Date.parse(now);
  for (const r of rows) {
    for (const subscription of queue.subscriptions.get(r.userId) ?? []) {
      queue.deliveries.push([actor.schoolId, r.id, subscription, now, due, 0]);
    }
  }
  return rows.length;
}

/**
 * Writes the notices a batch queued (noticeQueue), in its transaction, before it commits: the
 * notifications, then their deliveries, each in statements of many rows.
 */
export async function flushNotices(ctx: NotifyContext): Promise<void> {
  const queue = ctx.notices;
  if (queue === undefined || queue.notifications.length === 0) return;
  const { tx } = ctx;
  for (const part of chunks(queue.notifications)) {
    await run(tx, INSERT_NOTIFICATIONS(part.length), ...part.flat());
  }
  const deliveries = queue.deliveries;
  queue.notifications = [];
  queue.deliveries = [];
  if (deliveries.length > 0) await writeDeliveries(ctx, deliveries);
}

/** One delivery per subscription of each notified user, due now. */
async function queueDeliveries(
  ctx: NotifyContext,
  rows: readonly { id: string; userId: string }[],
): Promise<void> {
  const { actor, now } = ctx;
  const byUser = new Map(rows.map((r) => [r.userId, r.id]));
  const subscriptions = await subscriptionsOf(ctx, [...byUser.keys()]);
  if (subscriptions.length === 0) return;
  const due = Date.parse(now);
  await writeDeliveries(
    ctx,
    subscriptions.map((s) => [actor.schoolId, byUser.get(s.userId) ?? '', s.id, now, due, 0]),
  );
}

/** The push subscriptions of `userIds`. */
async function subscriptionsOf(
  { tx, actor }: NotifyContext,
  userIds: readonly string[],
): Promise<{ id: string; userId: string }[]> {
  const subscriptions: { id: string; userId: string }[] = [];
  for (const part of chunks(userIds)) {
    subscriptions.push(
      ...(await rowsOf<{ id: string; userId: string }>(
        tx,
        SUBSCRIPTIONS(part.length),
        actor.schoolId,
        ...part,
      )),
    );
  }
  return subscriptions;
}

/** Inserts deliveries (INSERT_DELIVERIES' parameters each) and wakes the senders at the commit. */
async function writeDeliveries(ctx: NotifyContext, deliveries: readonly unknown[][]) {
  for (const part of chunks(deliveries)) {
    await run(ctx.tx, INSERT_DELIVERIES(part.length), ...part.flat());
  }
  // Other processes' senders hear of it at the commit (PostgreSQL delivers NOTIFY then, and not
  // at all on a rollback); this process's after it.
  if (currentEngine() === 'postgres') {
    await rowsOf(ctx.tx, `SELECT pg_notify('${PUSH_CHANNEL}', '')`);
  }
  ctx.afterCommit?.(wakeSenders);
}
