import { Hono } from 'hono';
import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  type PushPublicKey,
} from '@urs/sync-protocol';
import { authOf, schoolActor, type AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { parseOr422 } from '../../lib/http-error.js';
import { subscribe, unsubscribe } from '../../services/push-subscriptions.js';
import { vapidOnce } from '../../services/vapid.js';
import type { RouteDeps } from '../deps.js';

/**
 * Web Push (decision 031): the deployment's public key a browser subscribes with, and the
 * subscriptions themselves, one per user and device. Signed-in school users only: a push is
 * always about their school's work.
 */
export function pushRoutes({ db, env, guard }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const vapid = vapidOnce(db, env);

  app.get(PUSH_PUBLIC_KEY_PATH, guard('notifications.own'), async (c) =>
    c.json({ public_key: (await vapid()).publicKey } satisfies PushPublicKey),
  );

  app.post(PUSH_SUBSCRIPTIONS_PATH, guard('notifications.own'), limitBody(4 * KB), async (c) => {
    const body = parseOr422(pushSubscriptionBodySchema, await readJson(c));
    const actor = schoolActor(c);
    const { id, created } = await subscribe(
      db,
      { userId: actor.id, schoolId: actor.schoolId, sessionId: authOf(c).session.id },
      body,
      env.PUSH_SERVICE_HOSTS,
    );
    return c.json({ id }, created ? 201 : 200);
  });

  app.delete(PUSH_SUBSCRIPTIONS_PATH, guard('notifications.own'), limitBody(4 * KB), async (c) => {
    const { endpoint } = parseOr422(pushUnsubscribeBodySchema, await readJson(c));
    await unsubscribe(db, schoolActor(c).id, endpoint);
    return c.body(null, 204);
  });

  return app;
}
