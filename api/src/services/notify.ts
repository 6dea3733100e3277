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
  const { tx, actor, now } = ctx;
  const wanted = [
    ...new Set(notice.to.filter((id): id is string => id !== null && id !== actor.id)),
  ];
  const recipients = notice.checked === true ? wanted : await liveUsers(tx, actor.schoolId, wanted);
  if (recipients.length === 0) return 0;
  const rule = NOTIFICATION_KIND_RULES[notice.kind];
  const rows = recipients.map((userId) => ({ id: newId(), userId, changeSeq: ctx.seq() }));
  // JSON as drizzle's JSON column wrote it (JSON.stringify), once for every recipient.
  const json = JSON.stringify(notice.params);
  const priority = notice.priority ?? 'normal';
  for (const part of chunks(rows)) {
    await run(
      tx,
      INSERT_NOTIFICATIONS(part.length),
      ...part.flatMap((r) => [
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
      ]),
    );
  }
  await queueDeliveries(ctx, rows);
  return rows.length;
}

/** One delivery per subscription of each notified user, due now. */
async function queueDeliveries(
  ctx: NotifyContext,
  rows: readonly { id: string; userId: string }[],
): Promise<void> {
  const { tx, actor, now } = ctx;
  const byUser = new Map(rows.map((r) => [r.userId, r.id]));
  const subscriptions: { id: string; userId: string }[] = [];
  for (const part of chunks([...byUser.keys()])) {
    subscriptions.push(
      ...(await rowsOf<{ id: string; userId: string }>(
        tx,
        SUBSCRIPTIONS(part.length),
        actor.schoolId,
        ...part,
      )),
    );
  }
  if (subscriptions.length === 0) return;
  const due = Date.parse(now);
  for (const part of chunks(subscriptions)) {
    await run(
      tx,
      INSERT_DELIVERIES(part.length),
      ...part.flatMap((s) => [actor.schoolId, byUser.get(s.userId) ?? '', s.id, now, due, 0]),
    );
  }
  // Other processes' senders hear of it at the commit (PostgreSQL delivers NOTIFY then, and not
  // at all on a rollback); this process's after it.
  if (currentEngine() === 'postgres') await rowsOf(tx, `SELECT pg_notify('${PUSH_CHANNEL}', '')`);
  ctx.afterCommit?.(wakeSenders);
}
