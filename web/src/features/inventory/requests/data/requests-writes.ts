import type { AccountRole } from '@urs/sync-protocol';
import { db, type UrsDatabase } from '../../../../db/index.js';
import { discardRejected } from '../../../../sync/index.js';
import { loadRefusedRequest, type RefusedRequest } from './refused-request.js';
import type { Decision } from './request-rows.js';
import { decideItemRequest, type DecideOutcome } from './requests-save.js';

/** The device database the requests screens write to: the app's unless a test passes its own. */
export type { UrsDatabase as RequestsDatabase };

/** An admin's approve or reject, queued like any write (see `decideItemRequest`). */
export function decideRequest(
  actor: { id: string; role: AccountRole },
  requestId: string,
  decision: Decision,
  notes: string,
  database: UrsDatabase = db,
): Promise<DecideOutcome> {
  return decideItemRequest(database, actor, requestId, decision, notes);
}

/** Drops one of this user's refused request changes from the outbox. */
export function dismissRequestRefusal(
  userId: string,
  entryId: number,
  database: UrsDatabase = db,
): Promise<void> {
  return discardRejected(database, userId, entryId);
}

/** A refused `request.create` read back for its form; undefined when it is no longer refused. */
export async function openRefusedRequest(
  userId: string,
  entryId: number,
  database: UrsDatabase = db,
): Promise<RefusedRequest | undefined> {
  const entry = await database.outbox.get(entryId);
  if (entry === undefined || entry.status !== 'rejected') return undefined;
  return loadRefusedRequest(database, userId, entry);
}
