import Dexie from 'dexie';
import {
  MUTATION_ENTITY,
  newId,
  type MutationArgs,
  type MutationEnvelope,
  type MutationName,
  type ParsedMutation,
  type SyncedEntity,
} from '@urs/sync-protocol';
import type { EntityRow, OutboxEntry, UrsDatabase } from '../db/database.js';
import { errorText } from '../lib/error-text.js';
import { MutationValidationError, withStorageGuard } from './errors.js';
import { notifyLocalWrite } from './local-writes.js';
import { loadSyncRules, syncRulesLoaded, type SyncRules } from './rules.js';
import { claimLocalData } from './session.js';
import { releaseRows, rowKey, snapshotRows } from './shadows.js';
import { ensureSyncState } from './sync-state.js';

/** One row the screen should show at once, before the server has seen the mutation. */
export type OptimisticWrite = {
  [E in SyncedEntity]:
    { entity: E; op: 'put'; row: EntityRow<E> } | { entity: E; op: 'delete'; id: string };
}[SyncedEntity];

export interface EnqueueOptions {
  now?: () => Date;
}

/**
 * Records a user action: validates it against the contract, then writes the optimistic rows and
 * appends the outbox entry in ONE transaction. Either the screen shows the change and it is
 * queued, or neither happened: there is no state where the user sees a change that will never
 * reach the server, or a queued change the screen does not show.
 *
 * @throws MutationValidationError when the contract refuses the args (nothing written)
 * @throws StorageFullError when the device is out of space (nothing written)
 */
export async function enqueue<N extends MutationName>(
  db: UrsDatabase,
  userId: string,
  name: N,
  args: MutationArgs<N>,
  optimistic: readonly OptimisticWrite[] = [],
  options: EnqueueOptions = {},
): Promise<OutboxEntry> {
  const rules = syncRulesLoaded() ?? (await loadRules());
  const mutation = parseMutation(rules, name, args);
  const at = (options.now ?? (() => new Date()))();
  const entry = await withStorageGuard(() =>
    db.transaction('rw', writeScope(db), () =>
      appendMutation(db, userId, mutation, optimistic, at),
    ),
  );
  notifyLocalWrite(userId);
  return entry;
}

export interface EnqueueStep {
  name: MutationName;
  args: unknown;
  optimistic?: readonly OptimisticWrite[];
}

/** Validates every step before anything is written, so a refused one leaves nothing behind. */
function parseSteps(rules: SyncRules, steps: readonly EnqueueStep[]) {
  return steps.map((step) => ({
    mutation: parseMutation(rules, step.name, step.args),
    optimistic: step.optimistic ?? [],
  }));
}

/**
 * Records several mutations that make up one user action (a report and its photos) in ONE
 * transaction: all of them are queued with their optimistic rows, or none is. A crash or a full
 * disk halfway can never leave a report saved without the photos the user attached to it.
 *
 * @throws MutationValidationError when any step's args are refused (nothing written)
 * @throws StorageFullError when the device is out of space (nothing written)
 */
export async function enqueueAll(
  db: UrsDatabase,
  userId: string,
  steps: readonly EnqueueStep[],
  options: EnqueueOptions = {},
): Promise<OutboxEntry[]> {
  const rules = syncRulesLoaded() ?? (await loadRules());
  const parsed = parseSteps(rules, steps);
  const at = (options.now ?? (() => new Date()))();
  const entries = await withStorageGuard(() =>
    db.transaction('rw', writeScope(db), async () => {
      const written: OutboxEntry[] = [];
      for (const { mutation, optimistic } of parsed) {
        written.push(await appendMutation(db, userId, mutation, optimistic, at));
      }
      return written;
    }),
  );
  if (entries.length > 0) notifyLocalWrite(userId);
  return entries;
}

/** Drops a mutation the server refused and puts the server's version of its rows back. */
export async function discardRejected(
  db: UrsDatabase,
  userId: string,
  entryId: number,
): Promise<void> {
  await withStorageGuard(() =>
    db.transaction('rw', writeScope(db), async () => {
      const entry = await rejectedEntry(db, userId, entryId);
      await db.outbox.delete(entry.id);
      await releaseRows(db, userId, entry.rows);
    }),
  );
}

export interface RetryEdit {
  /** The corrected args; the original args when omitted. */
  args?: unknown;
  optimistic?: readonly OptimisticWrite[];
}

/**
 * Sends a refused mutation again after the user fixed it. The server has already counted the
 * old seq, so this is a new mutation: a new id and the next seq, queued behind everything else.
 */
export async function retryRejected(
  db: UrsDatabase,
  userId: string,
  entryId: number,
  edit: RetryEdit = {},
  options: EnqueueOptions = {},
): Promise<OutboxEntry> {
  const original = await rejectedEntry(db, userId, entryId);
  const rules = syncRulesLoaded() ?? (await loadRules());
  const mutation = parseMutation(
    rules,
    original.mutation.name,
    edit.args ?? original.mutation.args,
  );
  const [entry] = await replaceRejected(
    db,
    userId,
    [entryId],
    [{ mutation, optimistic: edit.optimistic ?? [] }],
    options,
  );
  if (entry === undefined) throw new Error(errorText({ code: 'refusal_gone' }));
  return entry;
}

/**
 * Replaces refused entries that together make up one record (a report and the photos attached
 * to it) with the user's corrected mutations, in ONE transaction: the refused entries go, the
 * corrected ones are queued with new ids and seqs, and rows no longer touched by anything (a
 * photo the user took out) fall back to the server's version. A crash halfway can neither lose
 * the user's correction nor leave the old refusals beside it.
 *
 * @throws MutationValidationError when any step's args are refused (nothing changed)
 * @throws StorageFullError when the device is out of space (nothing changed)
 */
export async function resendRejected(
  db: UrsDatabase,
  userId: string,
  entryIds: readonly number[],
  steps: readonly EnqueueStep[],
  options: EnqueueOptions = {},
): Promise<OutboxEntry[]> {
  const rules = syncRulesLoaded() ?? (await loadRules());
  return replaceRejected(db, userId, entryIds, parseSteps(rules, steps), options);
}

/** Drops every refused entry of one record (a report and its photos) at once. */
export async function discardRejectedEntries(
  db: UrsDatabase,
  userId: string,
  entryIds: readonly number[],
): Promise<void> {
  await replaceRejected(db, userId, entryIds, [], {});
}

async function replaceRejected(
  db: UrsDatabase,
  userId: string,
  entryIds: readonly number[],
  parsed: readonly { mutation: ParsedMutation; optimistic: readonly OptimisticWrite[] }[],
  options: EnqueueOptions,
): Promise<OutboxEntry[]> {
  const at = (options.now ?? (() => new Date()))();
  const entries = await withStorageGuard(() =>
    db.transaction('rw', writeScope(db), async () => {
      const old = await Promise.all(entryIds.map((id) => rejectedEntry(db, userId, id)));
      await db.outbox.bulkDelete(old.map((entry) => entry.id));
      const written: OutboxEntry[] = [];
      for (const { mutation, optimistic } of parsed) {
        written.push(await appendMutation(db, userId, mutation, optimistic, at));
      }
      await releaseRows(
        db,
        userId,
        old.flatMap((entry) => entry.rows),
      );
      return written;
    }),
  );
  if (entries.length > 0) notifyLocalWrite(userId);
  return entries;
}

/**
 * Loads what `enqueue` checks a mutation with. A caller that queues inside a transaction of its
 * own awaits this before opening it: waiting for a module inside an IndexedDB transaction would
 * let the transaction commit before the enqueue writes.
 */
export async function enqueueReady(): Promise<void> {
  await loadSyncRules();
}

/**
 * The checks when they are not loaded yet. Every caller writes `syncRulesLoaded() ?? (await
 * loadRules())`, so once they are loaded nothing is awaited before the transaction opens: an
 * await of our own inside a caller's transaction would lose it (Dexie follows its transaction
 * only through its own promises), which is why such a caller must await enqueueReady first.
 */
function loadRules(): Promise<SyncRules> {
  if (Dexie.currentTransaction !== null) {
    throw new Error('enqueue inside a transaction before enqueueReady() has resolved');
  }
  return loadSyncRules();
}

function parseMutation(rules: SyncRules, name: string, args: unknown): ParsedMutation {
  const check = rules.checkMutation({ name, args });
  if (!check.ok) throw new MutationValidationError(check.code, check.reason, check.fields);
  return check.mutation;
}

async function rejectedEntry(db: UrsDatabase, userId: string, entryId: number) {
  const entry = await db.outbox.get(entryId);
  if (entry === undefined || entry.user_id !== userId || entry.status !== 'rejected') {
    throw new Error(errorText({ code: 'refusal_gone' }));
  }
  return entry;
}

function writeScope(db: UrsDatabase) {
  return [db.outbox, db.sync_state, db.shadows, db.meta, db.photos, ...db.entityTables()];
}

async function appendMutation(
  db: UrsDatabase,
  userId: string,
  mutation: ParsedMutation,
  optimistic: readonly OptimisticWrite[],
  at: Date,
): Promise<OutboxEntry> {
  // The entity tables must hold this user's data before we write this user's rows into them.
  await claimLocalData(db, userId);
  const state = await ensureSyncState(db, userId);
  const seq = state.next_seq;
  const entity = MUTATION_ENTITY[mutation.name];
  const rows = [
    ...new Set([
      rowKey(entity, mutation.args.id),
      ...optimistic.map((w) => rowKey(w.entity, w.op === 'put' ? w.row.id : w.id)),
    ]),
  ];
  await snapshotRows(db, rows);

  const envelope: MutationEnvelope = {
    id: newId(),
    seq,
    name: mutation.name,
    args: mutation.args,
    at: at.toISOString(),
  };
  const draft = {
    user_id: userId,
    seq,
    mutation: envelope,
    status: 'pending',
    entity,
    entity_id: mutation.args.id,
    rows,
    photo_ids: await photoDependencies(db, userId, mutation),
    created_at: at.toISOString(),
  } satisfies Omit<OutboxEntry, 'id'>;
  await giveFailedUploadsAnotherTry(db, draft.photo_ids);
  const id = await db.outbox.add(draft);
  await db.sync_state.update(userId, { next_seq: seq + 1 });

  for (const write of optimistic) {
    const table = db.entityTable(write.entity);
    if (write.op === 'put') await table.put(write.row);
    else await table.delete(write.id);
  }
  return { ...draft, id };
}

/** Photos whose bytes the server needs before it can accept this mutation. */
async function photoDependencies(
  db: UrsDatabase,
  userId: string,
  mutation: ParsedMutation,
): Promise<string[]> {
  if (mutation.name === 'photo.attach') {
    const photo = await db.photos.get(mutation.args.id);
    return photo !== undefined && photo.user_id === userId ? [photo.id] : [];
  }
  if (mutation.name === 'request.create') {
    const sha256 = mutation.args.image_sha256;
    if (sha256 === undefined || sha256 === null) return [];
    // The server links a request's image by hash among this user's uploads, not by photo id:
    // one uploaded copy is enough, and a copy whose upload failed before must not hold up (or
    // refuse) a request that a newer copy of the same image can serve.
    const copies = await db.photos
      .where('sha256')
      .equals(sha256)
      .filter((photo) => photo.user_id === userId)
      .toArray();
    if (copies.some((photo) => photo.uploaded === 1)) return [];
    const untried = copies.filter((photo) => photo.upload_error === null);
    if (untried.length > 0) return untried.map((photo) => photo.id);
    // Every copy was refused: the newest (ids sort by creation) is tried again, not all of them.
    const newest = copies.at(-1);
    return newest === undefined ? [] : [newest.id];
  }
  return [];
}

/**
 * A photo the server refused is not tried again on every cycle (sync/photo-upload.ts), but a
 * mutation queued now that needs it (the user sending a refused report again, after a proxy's
 * limit was raised, say) is a new attempt: its upload is tried once more.
 */
async function giveFailedUploadsAnotherTry(db: UrsDatabase, photoIds: readonly string[]) {
  for (const id of photoIds) {
    const photo = await db.photos.get(id);
    if (photo !== undefined && photo.uploaded === 0 && photo.upload_error !== null) {
      await db.photos.update(id, { upload_error: null });
    }
  }
}
