import pg from 'pg';
import webpush from 'web-push';
import {
  DEFAULT_NOTIFICATION_PREFS,
  NOTIFICATION_KIND_RULES,
  newId,
  notificationPath,
  notificationTag,
  notificationText,
  shouldPush,
  type Language,
  type NotificationParams,
  type NotificationPrefChoices,
  type NotificationPriority,
  type NotificationSubject,
  type PushPayload,
  type ServerNotificationKind,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { currentEngine } from '../db/dialect.js';
import { rowsOf, run } from '../db/statement.js';
import { parseUtcOffset, type SchoolClock } from '../lib/school-time.js';
import type { Env } from '../env.js';
import { onDeliveriesWritten, PUSH_CHANNEL } from './notify.js';
import { deleteSubscriptions } from './push-subscriptions.js';
import { vapidOnce, type VapidDetails } from './vapid.js';

/*
 * Sends the push deliveries (docs/decisions/031-notifications-and-web-push.md). Every API
 * process runs one: it claims due rows (PostgreSQL: FOR UPDATE SKIP LOCKED, so two processes
 * never take the same row nor wait for each other; SQLite: the one writer's lock), with a lease
 * that gives a crashed claimer's rows back, then sends each outside any transaction and settles
 * it: delivered rows go, a subscription the push service no longer knows (404/410) goes, a
 * failure of the service or the network is retried with backoff. The payload is encrypted and
 * the request signed by the `web-push` package (RFC 8291 aes128gcm, RFC 8292 VAPID); this module
 * only sends the request it prepares.
 */

export interface PushSenderOptions {
  /** The deployment's key pair (services/vapid.ts). */
  vapid: () => Promise<VapidDetails>;
  clock: SchoolClock;
  /** Rows per claim. */
  batch?: number;
  leaseMs?: number;
  /** How often to look for rows other processes wrote, retries come due and leases ran out. */
  pollMs?: number;
  /** The first retry's wait; each further one doubles it, up to an hour. */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** A push request's whole time limit. */
  timeoutMs?: number;
  now?: () => number;
  /** Told of each request's outcome (logs, tests, the bench). */
  onResult?: (result: SendOutcome) => void;
  /**
   * PostgreSQL: the database URL to LISTEN on for `urs_push` (default the database's own); the
   * wait before connecting again after the listening connection failed.
   */
  listenUrl?: string;
  listenRetryMs?: number;
}

/**
 * PostgreSQL: a connection of the process's own, outside the pool, that LISTENs on `urs_push`,
 * so a delivery written by any process (whose transaction sends NOTIFY at its commit) wakes
 * this one's drain at once instead of at its next poll. A failed connection is replaced after
 * `retryMs`, and a drain follows every (re)connection for what was written while it was down;
 * the poll still covers the gap.
 */
class PushListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** Settles once the first LISTEN is in place (tests wait for it). */
  readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;

  constructor(
    private readonly url: string,
    private readonly onWake: () => void,
    private readonly retryMs: number,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  start(): void {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    let failed = false;
    const fail = (err?: unknown) => {
      if (failed || this.closed) return;
      failed = true;
      if (err !== undefined) {
        console.error('push sender: LISTEN connection failed:', (err as Error).message);
      }
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      this.retry = setTimeout(() => void this.connect(), this.retryMs);
      this.retry.unref();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === PUSH_CHANNEL) this.onWake();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PUSH_CHANNEL}`);
      this.markReady();
      this.onWake();
    } catch (err) {
      fail(err);
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.retry !== undefined) clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }
}

export interface SendOutcome {
  notificationId: string;
  subscriptionId: string;
  outcome: 'delivered' | 'gone' | 'retry' | 'dropped' | 'skipped';
  status?: number;
  /** A retry's time (epoch ms). */
  retryAt?: number;
}

/** A claimed delivery with all its sending needs, as the claim's read returns it. */
interface Claimed {
  notification_id: string;
  subscription_id: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  kind: ServerNotificationKind;
  priority: NotificationPriority;
  params: string;
  subject_type: NotificationSubject;
  subject_id: string;
  user_id: string;
  preferred_language: Language;
  prefs_push: string | null;
  prefs_announcements: 'important' | 'all' | null;
  prefs_quiet_hours: string | null;
  session_live: number | boolean;
}

const HOUR = 3_600_000;

/** A JSON column as the driver hands it over: text (both engines store JSON as text). */
const asJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

function prefsOf(row: Claimed): NotificationPrefChoices {
  if (row.prefs_announcements === null) return DEFAULT_NOTIFICATION_PREFS;
  return {
    push: row.prefs_push === null ? {} : asJson<NotificationPrefChoices['push']>(row.prefs_push),
    announcements: row.prefs_announcements,
    quiet_hours: asJson<NotificationPrefChoices['quiet_hours']>(row.prefs_quiet_hours),
  };
}

export class PushSender {
  private readonly claimer = newId();
  private timer: NodeJS.Timeout | undefined;
  private stopWake: (() => void) | undefined;
  private listener: PushListener | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly options: PushSenderOptions,
  ) {}

  private get now() {
    return (this.options.now ?? Date.now)();
  }

  /**
   * Starts draining: at once, on every write of deliveries (PostgreSQL: any process's, heard
   * through LISTEN; SQLite: this process's, the only writer), and every `pollMs`.
   */
  start(): void {
    this.stopped = false;
    if (currentEngine() === 'postgres') {
      this.listener = new PushListener(
        this.options.listenUrl ?? this.db.location,
        () => this.wake(),
        this.options.listenRetryMs ?? 1000,
      );
      this.listener.start();
    } else {
      this.stopWake = onDeliveriesWritten(() => this.wake());
    }
    const poll = () => {
      this.wake();
      this.timer = setTimeout(poll, this.options.pollMs ?? 2000);
      this.timer.unref();
    };
    poll();
  }

  /** Settles once the sender hears other processes' writes (at once on SQLite: none to hear). */
  listening(): Promise<void> {
    return this.listener?.ready ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopWake?.();
    await this.listener?.stop();
    if (this.timer !== undefined) clearTimeout(this.timer);
    await this.running;
  }

  /** Drains now, or once more right after the drain that is running. */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.drainOnce()) > 0);
        } while (this.again && !this.stopped);
      } catch (err) {
        console.error('push sender:', err);
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Claims one batch of due deliveries and sends them; answers how many it claimed. */
  async drainOnce(): Promise<number> {
    const claimed = await this.claim();
    if (claimed.length === 0) return 0;
    const unread = await this.unreadCounts(claimed);
    const vapid = await this.options.vapid();
    const outcomes = await Promise.all(
      claimed.map((row) => this.send(row, unread.get(row.user_id) ?? 0, vapid)),
    );
    await this.settle(outcomes);
    for (const outcome of outcomes) this.options.onResult?.(outcome);
    return claimed.length;
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.now;
    const token = `${this.claimer}:${newId()}`;
    const lockClause = currentEngine() === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    return this.db.write(async (tx) => {
      const taken = await rowsOf<{ n: number }>(
        tx,
        `UPDATE push_deliveries SET claimed_by = ?, lease_until = ?, attempts = attempts + 1
         WHERE (notification_id, subscription_id) IN (
           SELECT notification_id, subscription_id FROM push_deliveries
           WHERE next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
           ORDER BY next_attempt_at LIMIT ?${lockClause})
         RETURNING 1 AS n`,
        token,
        now + (this.options.leaseMs ?? 60_000),
        now,
        now,
        this.options.batch ?? 50,
      );
      if (taken.length === 0) return [];
      // Everything a send needs, read with the claim: the subscription, the notification, its
      // user's language and preferences, and whether the subscribing session is still live.
      return rowsOf<Claimed>(
        tx,
        `SELECT d.notification_id, d.subscription_id, d.attempts, s.endpoint, s.p256dh, s.auth,
                n.kind, n.priority, n.params, n.subject_type, n.subject_id, n.user_id,
                u.preferred_language, p.push AS prefs_push, p.announcements AS prefs_announcements,
                p.quiet_hours AS prefs_quiet_hours,
                (ss.id IS NOT NULL AND ss.revoked_at IS NULL AND ss.expires_at > ?) AS session_live
         FROM push_deliveries d
         JOIN push_subscriptions s ON s.id = d.subscription_id
         JOIN notifications n ON n.id = d.notification_id
         JOIN users u ON u.id = n.user_id
         LEFT JOIN notification_prefs p ON p.id = n.user_id
         LEFT JOIN sessions ss ON ss.id = s.session_id
         WHERE d.claimed_by = ?`,
        // The session's expiry is the real clock's, whatever the schedule's (tests move that).
        new Date().toISOString(),
        token,
      );
    });
  }

  /** Each user's unread notifications, for the app badge. */
  private async unreadCounts(rows: readonly Claimed[]): Promise<Map<string, number>> {
    const usersOf = [...new Set(rows.map((r) => r.user_id))];
    const marks = usersOf.map(() => '?').join(', ');
    const counts = await this.db.rows<{ user_id: string; n: number | string }>(
      `SELECT user_id, count(*) AS n FROM notifications WHERE user_id IN (${marks}) AND read_at IS NULL GROUP BY user_id`,
      usersOf,
    );
    return new Map(counts.map((c) => [c.user_id, Number(c.n)]));
  }

  private async send(row: Claimed, unread: number, vapid: VapidDetails): Promise<SendOutcome> {
    const ids = { notificationId: row.notification_id, subscriptionId: row.subscription_id };
    if (!row.session_live) return { ...ids, outcome: 'gone' };
    const notification = {
      kind: row.kind,
      priority: row.priority,
      params: asJson<NotificationParams>(row.params),
    };
    if (
      !shouldPush(notification, prefsOf(row), new Date(this.now), this.options.clock.offsetMinutes)
    ) {
      return { ...ids, outcome: 'skipped' };
    }
    const subject = { subject_type: row.subject_type, subject_id: row.subject_id };
    const payload: PushPayload = {
      v: 1,
      id: row.notification_id,
      kind: row.kind,
      ...notificationText(notification, row.preferred_language),
      url: notificationPath(subject),
      tag: notificationTag(subject),
      unread,
      urgent: row.priority === 'urgent',
    };
    const rule = NOTIFICATION_KIND_RULES[row.kind];
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: rule.ttlSeconds,
        urgency: rule.urgency(row.priority),
        // At most 32 URL-safe characters: a repeat of this notification replaces it unsent.
        topic: row.notification_id.replace(/-/g, ''),
      },
    );
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body === null ? null : new Uint8Array(request.body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      await res.body?.cancel();
      const status = res.status;
      if (status >= 200 && status < 300) return { ...ids, outcome: 'delivered', status };
      if (status === 404 || status === 410) return { ...ids, outcome: 'gone', status };
      if (status === 429 || status >= 500) return this.retry(row, ids, status, res.headers);
      return { ...ids, outcome: 'dropped', status };
    } catch {
      return this.retry(row, ids, undefined, undefined);
    }
  }

  /** Again after a backoff, or given up after `maxAttempts`. */
  private retry(
    row: Claimed,
    ids: Pick<SendOutcome, 'notificationId' | 'subscriptionId'>,
    status: number | undefined,
    headers: Headers | undefined,
  ): SendOutcome {
    const known = status === undefined ? {} : { status };
    if (row.attempts >= (this.options.maxAttempts ?? 8)) {
      return { ...ids, outcome: 'dropped', ...known };
    }
    const base = this.options.retryBaseMs ?? 10_000;
    const backoff = Math.min(base * 2 ** (row.attempts - 1), HOUR);
    const jittered = backoff * (0.8 + Math.random() * 0.4);
    // A push service that says when to come back is believed, up to the hour.
    const after = Number(headers?.get('retry-after') ?? NaN) * 1000;
    const wait = Number.isFinite(after) && after > jittered ? Math.min(after, HOUR) : jittered;
    return { ...ids, outcome: 'retry', retryAt: Math.round(this.now + wait), ...known };
  }

  /** Settles a batch's outcomes in one transaction. */
  private async settle(outcomes: readonly SendOutcome[]) {
    await this.db.write(async (tx) => {
      const gone = new Set<string>();
      for (const outcome of outcomes) {
        const key = [outcome.notificationId, outcome.subscriptionId] as const;
        if (outcome.outcome === 'gone') {
          gone.add(outcome.subscriptionId);
        } else if (outcome.outcome === 'retry') {
          await run(
            tx,
            'UPDATE push_deliveries SET next_attempt_at = ?, claimed_by = NULL, lease_until = NULL WHERE notification_id = ? AND subscription_id = ?',
            outcome.retryAt ?? this.now,
            ...key,
          );
        } else {
          await run(
            tx,
            'DELETE FROM push_deliveries WHERE notification_id = ? AND subscription_id = ?',
            ...key,
          );
        }
      }
      await deleteSubscriptions(tx, [...gone]);
    });
  }
}

/** The sender of an API process, as its entry starts it (PUSH_SENDER=false: none). */
export function startPushSender(db: Db, env: Env): PushSender | undefined {
  if (!env.PUSH_SENDER) return undefined;
  const sender = new PushSender(db, {
    vapid: vapidOnce(db, env),
    clock: { offsetMinutes: parseUtcOffset(env.SCHOOL_UTC_OFFSET) },
  });
  sender.start();
  return sender;
}
