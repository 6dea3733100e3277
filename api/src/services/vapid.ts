import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/handles.js';
import { deploymentSettings } from '../db/schema.js';
import { nowIso } from '../db/change-seq.js';
import { first } from '../db/first.js';
import type { Env } from '../env.js';
import { ConfigError } from '../lib/config-error.js';

/*
 * The deployment's VAPID key pair (decision 031): made once, by whichever process first needs
 * it, and kept in the database so every API process signs with the same key and the browsers'
 * subscriptions (made against its public half) stay good across restarts. The environment's
 * pair, when given, wins.
 */

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const KEY = 'vapid';

type VapidEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;

/** The key pair this deployment signs with: the environment's, or the one in the database. */
export async function vapidDetails(db: Db, env: VapidEnv): Promise<VapidDetails> {
  const subject = env.VAPID_SUBJECT;
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (publicKey !== undefined && privateKey !== undefined) {
    return { subject, publicKey, privateKey };
  }
  if (publicKey !== undefined || privateKey !== undefined) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or none');
  }
  const stored = await storedPair(db);
  if (stored !== undefined) return { subject, ...stored };
  const made = webpush.generateVAPIDKeys();
  // Two processes starting at once both make a pair; the first insert wins and both read it.
  await db.write((tx) =>
    tx
      .insert(deploymentSettings)
      .values({
        key: KEY,
        value: { publicKey: made.publicKey, privateKey: made.privateKey },
        createdAt: nowIso(),
      })
      .onConflictDoNothing({ target: deploymentSettings.key }),
  );
  const kept = await storedPair(db);
  if (kept === undefined) throw new Error('the VAPID key pair was not stored');
  return { subject, ...kept };
}

async function storedPair(db: Db) {
  const row = await first(
    db
      .select({ value: deploymentSettings.value })
      .from(deploymentSettings)
      .where(eq(deploymentSettings.key, KEY)),
  );
  const publicKey = row?.value['publicKey'];
  const privateKey = row?.value['privateKey'];
  return publicKey === undefined || privateKey === undefined
    ? undefined
    : { publicKey, privateKey };
}

/** Read once per process and kept: the pair never changes while a process runs. */
export function vapidOnce(db: Db, env: VapidEnv): () => Promise<VapidDetails> {
  let pending: Promise<VapidDetails> | undefined;
  return () => {
    pending ??= vapidDetails(db, env).catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
