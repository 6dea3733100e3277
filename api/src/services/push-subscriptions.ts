import { and, eq, inArray, ne } from 'drizzle-orm';
import { newId, reason, type PushSubscriptionBody } from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import { pushDeliveries, pushSubscriptions } from '../db/schema.js';
import { nowIso } from '../db/change-seq.js';
import { first } from '../db/first.js';
import { validationError } from '../lib/http-error.js';

/*
 * A browser's Web Push subscriptions (decision 031): one per user and device, kept with the
 * session that posted it so it goes at logout; an endpoint belongs to one browser, so posting
 * one the server has moves it to whoever posted it.
 */

/** The endpoint's host is one of `hosts` or a subdomain of one. */
export function isPushServiceHost(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const known = hosts.some((h) => host === h.toLowerCase() || host.endsWith(`.${h.toLowerCase()}`));
  // A push service is HTTPS; plain HTTP only to a loopback host named on purpose (tests).
  return known && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(host)));
}

const isLoopback = (host: string) =>
  host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

export interface Subscriber {
  userId: string;
  schoolId: string;
  sessionId: string;
}

/** Deletes subscriptions and the deliveries still waiting for them. */
export async function deleteSubscriptions(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(pushDeliveries).where(inArray(pushDeliveries.subscriptionId, [...ids]));
  await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}

/** Stores the subscription for the subscriber; answers its id and whether it is new. */
export async function subscribe(
  db: Db,
  who: Subscriber,
  body: PushSubscriptionBody,
  hosts: readonly string[],
): Promise<{ id: string; created: boolean }> {
  if (!isPushServiceHost(body.endpoint, hosts)) {
    throw validationError({ endpoint: [reason('push_endpoint_refused')] });
  }
  return db.write(async (tx) => {
    const now = nowIso();
    const existing = await first(
      tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint)),
    );
    // The same device's older endpoint (the browser renewed it) goes: one per user and device.
    const older = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, who.userId),
          eq(pushSubscriptions.clientId, body.client_id),
          ne(pushSubscriptions.endpoint, body.endpoint),
        ),
      );
    await deleteSubscriptions(
      tx,
      older.map((o) => o.id),
    );
    const values = {
      schoolId: who.schoolId,
      userId: who.userId,
      sessionId: who.sessionId,
      clientId: body.client_id,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      updatedAt: now,
    };
    if (existing === undefined) {
      const id = newId();
      await tx
        .insert(pushSubscriptions)
        .values({ id, endpoint: body.endpoint, createdAt: now, ...values });
      return { id, created: true };
    }
    // Another account on the same browser: what was waiting for the last one is not for this one.
    if (existing.userId !== who.userId) {
      await tx.delete(pushDeliveries).where(eq(pushDeliveries.subscriptionId, existing.id));
    }
    await tx.update(pushSubscriptions).set(values).where(eq(pushSubscriptions.id, existing.id));
    return { id: existing.id, created: false };
  });
}

/** Removes the caller's own subscription with this endpoint; someone else's is left alone. */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.write(async (tx) => {
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
    await deleteSubscriptions(
      tx,
      rows.map((r) => r.id),
    );
  });
}

/** The subscriptions a session posted: they go when it is signed out. */
export async function deleteSessionSubscriptions(tx: Tx, sessionId: string): Promise<void> {
  const rows = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, sessionId));
  await deleteSubscriptions(
    tx,
    rows.map((r) => r.id),
  );
}
