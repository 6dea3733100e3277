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
import type { EntityRow, OutboxEntry, SyncedRow, UrsDatabase } from '../db/database.js';
import { errorText } from '../lib/error-text.js';
import { MutationValidationError, withStorageGuard } from './errors.js';
import { notifyLocalWrite } from './local-writes.js';
import { loadSyncRules, syncRulesLoaded, type SyncRules } from './rules.js';
import { claimLocalData } from './local-data-owner.js';
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
  const [entry] = await withStorageGuard(() =>
    db.transaction('rw', writeScope(db), () =>
      appendMutations(db, userId, [{ mutation, optimistic }], at),
    ),
  );
  if (entry === undefined) throw new Error('enqueue wrote no entry');
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
    db.transaction('rw', writeScope(db), () => appendMutations(db, userId, parsed, at)),
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
      const written = await appendMutations(db, userId, parsed, at);
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

/**
 * Appends mutations to the user's queue in the caller's transaction, with consecutive seqs.
 * Done for each mutation on its own, the claim of the tables, the seq counter's read and write,
 * the shadows and the entry's add were nine requests and a nested transaction apiece: "Tandai
 * semua dibaca" over 300 unread announcements took 4.8 s on a phone at 4x CPU. Now the claim and
 * the counter are once per run, and the shadows and entries are written in bulk.
 */
async function appendMutations(
  db: UrsDatabase,
  userId: string,
  parsed: readonly { mutation: ParsedMutation; optimistic: readonly OptimisticWrite[] }[],
  at: Date,
): Promise<OutboxEntry[]> {
  if (parsed.length === 0) return [];
  // The entity tables must hold this user's data before we write this user's rows into them.
  await claimLocalData(db, userId);
  const state = await ensureSyncState(db, userId);
  const drafts: Omit<OutboxEntry, 'id'>[] = [];
  for (const [index, { mutation, optimistic }] of parsed.entries()) {
    const draft = draftOf(userId, mutation, optimistic, at, state.next_seq + index);
    // Only these wait for photos. The others' drafts are made without an await: Dexie keeps
    // a transaction's zone across only so many awaits of promises that are not its own, and a
    // run of 300 of them let the transaction commit under the loop.
    if (
      mutation.name === 'photo.attach' ||
      mutation.name === 'request.create' ||
      mutation.name === 'round.complete'
    ) {
      draft.photo_ids = await photoDependencies(db, userId, mutation);
      if (draft.photo_ids.length > 0) await giveFailedUploadsAnotherTry(db, draft.photo_ids);
    }
    drafts.push(draft);
  }
  // Before any of the run's local writes, the server's version of every row they touch: each
  // mutation's rows name every row its own writes change, so a row a later mutation touches
  // again keeps the version from before the first, as when they were queued one by one.
  await snapshotRows(
    db,
    drafts.flatMap((draft) => draft.rows),
  );
  const ids = await db.outbox.bulkAdd(drafts, { allKeys: true });
  await applyOptimistic(
    db,
    parsed.flatMap((step) => step.optimistic),
  );
  await db.sync_state.update(userId, { next_seq: state.next_seq + parsed.length });
  return drafts.map((draft, index) => ({ ...draft, id: ids[index] as number }));
}

/** The row a local write changes, as a row key. */
const writtenRow = (write: OptimisticWrite) =>
  rowKey(write.entity, write.op === 'put' ? write.row.id : write.id);

/**
 * The run's own writes, in bulk per table: the last write to a row is the one that stands, as
 * when they were written one by one in order.
 */
async function applyOptimistic(db: UrsDatabase, writes: readonly OptimisticWrite[]) {
  const last = new Map<string, OptimisticWrite>();
  for (const write of writes) {
    const key = writtenRow(write);
    // Deleted and set again: the map's order is the first write's, the value the last's.
    last.delete(key);
    last.set(key, write);
  }
  const byTable = new Map<OptimisticWrite['entity'], { puts: SyncedRow[]; deletes: string[] }>();
  for (const write of last.values()) {
    const group = byTable.get(write.entity) ?? { puts: [], deletes: [] };
    byTable.set(write.entity, group);
    if (write.op === 'put') group.puts.push(write.row);
    else group.deletes.push(write.id);
  }
  for (const [entity, { puts, deletes }] of byTable) {
    const table = db.entityTable(entity);
    if (puts.length > 0) await table.bulkPut(puts);
    if (deletes.length > 0) await table.bulkDelete(deletes);
  }
}

/** The outbox entry of one mutation of `appendMutations`, queued as `seq`, photos to come. */
function draftOf(
  userId: string,
  mutation: ParsedMutation,
  optimistic: readonly OptimisticWrite[],
  at: Date,
  seq: number,
): Omit<OutboxEntry, 'id'> {
  const entity = MUTATION_ENTITY[mutation.name];
  const rows = [...new Set([rowKey(entity, mutation.args.id), ...optimistic.map(writtenRow)])];
  const envelope: MutationEnvelope = {
    id: newId(),
    seq,
    name: mutation.name,
    args: mutation.args,
    at: at.toISOString(),
  };
  return {
    user_id: userId,
    seq,
    mutation: envelope,
    status: 'pending',
    entity,
    entity_id: mutation.args.id,
    rows,
    photo_ids: [],
    created_at: at.toISOString(),
  };
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
  if (mutation.name === 'round.complete') {
    // A round's answers name their photos by id (decision 030): each of this user's photos
    // still on the device waits for its upload; one the device no longer holds was sent before.
    const ids = mutation.args.answers.flatMap((answer) => answer.photos);
    const found = await db.photos.bulkGet(ids);
    return found.flatMap((photo) =>
      photo !== undefined && photo.user_id === userId ? [photo.id] : [],
    );
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
