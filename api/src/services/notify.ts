import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  NOTIFICATION_KIND_RULES,
  newId,
  type NotificationParams,
  type NotificationPriority,
  type Role,
  type ServerNotificationKind,
} from '@urs/sync-protocol';
import type { Tx } from '../db/handles.js';
import { notifications, pushDeliveries, pushSubscriptions, users } from '../db/schema.js';
import { currentEngine } from '../db/dialect.js';
import { first } from '../db/first.js';
import { rowsOf } from '../db/statement.js';
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

/** Rows per INSERT statement: well inside both engines' limits on bound values. */
const CHUNK = 400;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
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

/** The live users of the school among `ids`. */
async function liveUsers(tx: Tx, schoolId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), inSchool(users, schoolId), isNull(users.deletedAt)));
  const live = new Set(rows.map((r) => r.id));
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

/** The name the actor goes by in a notification's words. */
export async function actorName(tx: Tx, actorId: string): Promise<string> {
  const row = await first(tx.select({ name: users.name }).from(users).where(eq(users.id, actorId)));
  return row?.name ?? '';
}

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
  const rows = recipients.map((userId) => ({
    id: newId(),
    schoolId: actor.schoolId,
    userId,
    kind: notice.kind,
    subjectType: rule.subject,
    subjectId: notice.subjectId,
    actorId: actor.id,
    params: notice.params,
    priority: notice.priority ?? 'normal',
    readAt: null,
    createdAt: now,
    updatedAt: now,
    changeSeq: ctx.seq(),
  }));
  for (const part of chunks(rows)) await tx.insert(notifications).values(part);
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
      ...(await tx
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(
          and(inSchool(pushSubscriptions, actor.schoolId), inArray(pushSubscriptions.userId, part)),
        )),
    );
  }
  if (subscriptions.length === 0) return;
  const due = Date.parse(now);
  const deliveries = subscriptions.map((s) => ({
    schoolId: actor.schoolId,
    notificationId: byUser.get(s.userId) ?? '',
    subscriptionId: s.id,
    createdAt: now,
    nextAttemptAt: due,
    attempts: 0,
  }));
  for (const part of chunks(deliveries)) await tx.insert(pushDeliveries).values(part);
  // Other processes' senders hear of it at the commit (PostgreSQL delivers NOTIFY then, and not
  // at all on a rollback); this process's after it.
  if (currentEngine() === 'postgres') await rowsOf(tx, `SELECT pg_notify('${PUSH_CHANNEL}', '')`);
  ctx.afterCommit?.(wakeSenders);
}
