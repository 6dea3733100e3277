import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  pushPublicKeySchema,
} from '@urs/sync-protocol';
import { api } from '../../client/api.js';
import { UnexpectedResponseError } from '../../client/api-client.js';
import { db } from '../../db/index.js';

/** The API paths without their leading slash, as the client takes them. */
const KEY_PATH = PUSH_PUBLIC_KEY_PATH.slice(1);
const SUBSCRIPTIONS_PATH = PUSH_SUBSCRIPTIONS_PATH.slice(1);

/** GET /api/push/public-key: the VAPID key the browser subscribes with. */
export async function fetchPushPublicKey(): Promise<string> {
  const parsed = pushPublicKeySchema.safeParse(await api.json('GET', KEY_PATH));
  if (!parsed.success) throw new UnexpectedResponseError('push key answer not recognised');
  return parsed.data.public_key;
}

/** POST /api/push/subscriptions: this browser's subscription, with the device's sync client id. */
export async function saveSubscription(
  userId: string,
  subscription: PushSubscriptionJSON,
): Promise<void> {
  const state = await db.sync_state.get(userId);
  if (state === undefined) throw new Error('no sync state for this user on this device');
  await api.json('POST', SUBSCRIPTIONS_PATH, { ...subscription, client_id: state.client_id });
}

/** DELETE /api/push/subscriptions: the server forgets this browser's subscription. */
export async function forgetSubscription(endpoint: string): Promise<void> {
  await api.json('DELETE', SUBSCRIPTIONS_PATH, { endpoint });
}
