import {
  MAX_PUSH_BYTES,
  MAX_PUSH_MUTATIONS,
  PROTOCOL_VERSION,
  type MutationResult,
  type PushRequest,
} from '@urs/sync-protocol';
import type { OutboxEntry, UrsDatabase } from '../db/database.js';
import {
  ApiError,
  NetworkError,
  UnexpectedResponseError,
  type ApiClient,
} from '../client/api-client.js';
import { uploadTimeoutMs } from './photo-upload.js';
import { pendingFor } from './local-data-owner.js';
import { loadSyncRules } from './rules.js';
import { errorText } from '../lib/error-text.js';
import { refusedNotice } from './refused-notice.js';

export interface PushSummary {
  applied: number;
  duplicate: number;
  rejected: number;
  /** An entry waits for a photo that is not uploaded yet; it and everything after it wait. */
  blocked: boolean;
}

/** Room for the request's own fields around the mutations when measuring a batch. */
const ENVELOPE_OVERHEAD_BYTES = 256;
const MAX_SEQ_GAP_REPAIRS = 3;

/**
 * The largest batch the link has let through, kept by the sync engine from cycle to cycle: a
 * batch that timed out leaves half its size here, and the next cycle starts from that.
 */
export interface PushBatchLimit {
  maxCount: number;
}

/**
 * Pushes this user's pending outbox in seq order, in batches the server accepts, and records
 * each answer. The server needs seqs contiguous from its last_seq + 1, so the queue is strictly
 * ordered: an entry waiting for its photo holds back every entry after it.
 */
export async function pushOutbox(
  db: UrsDatabase,
  api: ApiClient,
  userId: string,
  limit: PushBatchLimit = { maxCount: MAX_PUSH_MUTATIONS },
): Promise<PushSummary> {
  const summary: PushSummary = { applied: 0, duplicate: 0, rejected: 0, blocked: false };
  await rejectEntriesWithFailedPhotos(db, userId);
  let maxCount = limit.maxCount;
  let gapRepairs = 0;

  for (;;) {
    const state = await db.sync_state.get(userId);
    if (state === undefined) return summary;
    const { batch, bytes, blocked } = await nextBatch(db, userId, maxCount);
    summary.blocked = blocked;
    if (batch.length === 0) return summary;

    const request: PushRequest = {
      protocol_version: PROTOCOL_VERSION,
      client_id: state.client_id,
      mutations: batch.map((entry) => entry.mutation),
    };
    let results: MutationResult[];
    try {
      // As long as its bytes need on a weak signal, as a photo's upload waits (photo-upload.ts).
      results = (await api.push(request, uploadTimeoutMs(bytes))).results;
    } catch (err) {
      if (err instanceof ApiError && err.status === 413 && batch.length > 1) {
        maxCount = Math.ceil(batch.length / 2);
        continue;
      }
      // No answer in time: too large for the signal, or no signal at all. A batch of 2 MB at
      // the edge of campus did not arrive within any wait and was sent whole again every
      // cycle, holding the queue for ever. Half of it is tried at the next cycle, after the
      // backoff: one wait per cycle, as on a link that is down. A batch the server did apply
      // answers `duplicate` when sent again, so nothing is applied twice.
      if (err instanceof NetworkError && err.timedOut && batch.length > 1) {
        limit.maxCount = Math.ceil(batch.length / 2);
      }
      const gap =
        err instanceof ApiError && err.status === 409
          ? (await loadSyncRules()).seqGapSchema.safeParse(err.body)
          : null;
      if (gap?.success === true && gapRepairs < MAX_SEQ_GAP_REPAIRS) {
        gapRepairs += 1;
        await renumberFrom(db, userId, gap.data.expected_seq);
        continue;
      }
      throw err;
    }

    const settled = await applyPushResults(db, userId, batch, results);
    summary.applied += settled.applied;
    summary.duplicate += settled.duplicate;
    summary.rejected += settled.rejected;
    if (settled.applied + settled.duplicate + settled.rejected === 0) {
      // Nothing matched: looping would resend the same batch forever.
      throw new UnexpectedResponseError('push answer does not match the mutations sent');
    }
  }
}

async function nextBatch(
  db: UrsDatabase,
  userId: string,
  maxCount: number,
): Promise<{ batch: OutboxEntry[]; bytes: number; blocked: boolean }> {
  const pending = await pendingFor(db, userId);
  const notUploaded = new Set(
    await db.photos.where('[user_id+uploaded]').equals([userId, 0]).primaryKeys(),
  );
  const encoder = new TextEncoder();
  const batch: OutboxEntry[] = [];
  let bytes = ENVELOPE_OVERHEAD_BYTES;
  for (const entry of pending) {
    if (entry.photo_ids.some((id) => notUploaded.has(id))) return { batch, bytes, blocked: true };
    if (batch.length >= maxCount) break;
    const size = encoder.encode(JSON.stringify(entry.mutation)).byteLength + 1;
    if (batch.length > 0 && bytes + size > MAX_PUSH_BYTES) break;
    bytes += size;
    batch.push(entry);
  }
  return { batch, bytes, blocked: false };
}

/**
 * Records the server's answers in one transaction. applied/duplicate: the server has it, the
 * entry goes (its optimistic rows stay until the pull that follows brings the server's
 * version). rejected: kept, visible, never resent, and told in the user's inbox (decision 031)
 * in the same transaction, so a refusal is never recorded without its notice or twice.
 */
async function applyPushResults(
  db: UrsDatabase,
  userId: string,
  batch: readonly OutboxEntry[],
  results: readonly MutationResult[],
): Promise<{ applied: number; duplicate: number; rejected: number }> {
  const counts = { applied: 0, duplicate: 0, rejected: 0 };
  const bySeq = new Map(batch.map((entry) => [entry.seq, entry]));
  const at = new Date();
  await db.transaction('rw', db.outbox, db.notifications, async () => {
    for (const result of results) {
      const sent = bySeq.get(result.seq);
      if (sent === undefined || sent.mutation.id !== result.id) continue;
      const current = await db.outbox.get(sent.id);
      if (current === undefined || current.user_id !== userId || current.status !== 'pending') {
        continue;
      }
      if (result.status === 'rejected') {
        await db.outbox.update(sent.id, { status: 'rejected', result });
        await db.notifications.put(refusedNotice(current, result, at));
      } else {
        await db.outbox.delete(sent.id);
      }
      counts[result.status] += 1;
    }
  });
  return counts;
}

/**
 * The server answered seq_gap: its ledger expects `expectedSeq`, below our first pending seq.
 * A gap answer means the server's last_seq is below every pending seq, so none of them was
 * applied and they can be renumbered to start where the server expects. (This happens when the
 * server lost ledger rows we saw confirmed, e.g. a restore from backup.)
 */
async function renumberFrom(db: UrsDatabase, userId: string, expectedSeq: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.sync_state, async () => {
    const pending = await pendingFor(db, userId);
    const first = pending[0];
    if (first === undefined) return;
    if (first.seq <= expectedSeq) {
      // We already start at or before what the server expects: a gap answer makes no sense.
      throw new UnexpectedResponseError(
        `server expects seq ${expectedSeq}, the queue starts at ${first.seq}`,
      );
    }
    await renumber(db, pending, (index) => expectedSeq + index);
    await db.sync_state.update(userId, { next_seq: expectedSeq + pending.length });
  });
}

const uploadFailed = (detail: string) => ({ code: 'photo_upload_failed', params: { detail } });

/**
 * A photo the server refused for good will never upload, so the mutation that needs it can
 * never be pushed; left pending it would block the whole queue. It becomes `rejected` locally
 * (visible, to fix or discard), and the pending entries after it move down one seq each.
 *
 * Renumbering is safe because nothing at or after the blocked entry was ever sent: pushing
 * stops at the first entry whose photo is not uploaded, and the server only accepts contiguous
 * seqs, so it cannot hold any of them.
 */
async function rejectEntriesWithFailedPhotos(db: UrsDatabase, userId: string): Promise<void> {
  await db.transaction('rw', db.outbox, db.sync_state, db.photos, async () => {
    const failed = new Map<string, string>();
    await db.photos
      .where('[user_id+uploaded]')
      .equals([userId, 0])
      .each((photo) => {
        if (photo.upload_error !== null) failed.set(photo.id, photo.upload_error.message);
      });
    if (failed.size === 0) return;

    const pending = await pendingFor(db, userId);
    let shift = 0;
    for (const entry of pending) {
      const reason = entry.photo_ids.map((id) => failed.get(id)).find((m) => m !== undefined);
      if (reason !== undefined) {
        await db.outbox.update(entry.id, {
          status: 'rejected',
          result: {
            seq: entry.seq,
            id: entry.mutation.id,
            status: 'rejected',
            code: 'photo_missing',
            message: errorText(uploadFailed(reason), undefined, 'id'),
            reason: uploadFailed(reason),
          },
        });
        shift += 1;
      } else if (shift > 0) {
        await renumber(db, [entry], () => entry.seq - shift);
      }
    }
    if (shift > 0) {
      await db.sync_state
        .where('user_id')
        .equals(userId)
        .modify((state) => {
          state.next_seq -= shift;
        });
    }
  });
}

async function renumber(
  db: UrsDatabase,
  entries: readonly OutboxEntry[],
  seqAt: (index: number) => number,
): Promise<void> {
  for (const [index, entry] of entries.entries()) {
    const seq = seqAt(index);
    await db.outbox.update(entry.id, { seq, mutation: { ...entry.mutation, seq } });
  }
}
