import { MAX_PUSH_MUTATIONS, PULL_PAGE_SIZE } from '@urs/sync-protocol';
import type { PausedReason, UrsDatabase } from '../db/database.js';
import { ApiError, createApiClient, NetworkError, type FetchLike } from '../client/api-client.js';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js';
import { createSyncLock, type SyncLock } from './lock.js';
import { releaseUploadedPhotos, uploadPendingPhotos } from './photo-upload.js';
import { prefetchJobPhotos } from './job-photos.js';
import { pullChanges, SessionMismatchError, type PullProgress } from './pull.js';
import { pushOutbox, type PushBatchLimit, type PushSummary } from './push.js';
import { setServerUnreachable } from './reachability.js';
import { claimLocalData, pendingCountFor } from './local-data-owner.js';
import { ensureSyncState } from './sync-state.js';
import { createListeners } from '../lib/listeners.js';

export interface SyncEngineOptions {
  db: UrsDatabase;
  /** Where `api/...` lives: '/' in the PWA. */
  baseUrl: string;
  getToken: () => string | null;
  getUserId: () => string | null;
  fetch?: FetchLike;
  /** Milliseconds since the epoch; injectable so tests control time. */
  now?: () => number;
  /** In [0, 1); injectable so tests control jitter. */
  random?: () => number;
  pullLimit?: number;
  backoff?: BackoffPolicy;
  lock?: SyncLock;
  /** Uploaded photos that keep their bytes on the device (KEPT_UPLOADED_PHOTOS). */
  keptPhotos?: number;
}

/** How often a cycle uploading a backlog of photos pushes what they let go (see cycle). */
export const PUSH_BETWEEN_PHOTOS_MS = 10_000;

/** Two pushes of one cycle as one; whether entries still wait is the later push's word. */
function addUp(first: PushSummary, second: PushSummary): PushSummary {
  return {
    applied: first.applied + second.applied,
    duplicate: first.duplicate + second.duplicate,
    rejected: first.rejected + second.rejected,
    blocked: second.blocked,
  };
}

export type SyncOutcome =
  | { status: 'ok'; pushed: number; rejected: number; pulled: number; blocked: boolean }
  | { status: 'signed_out' }
  | { status: 'paused'; reason: PausedReason }
  /** Not attempted: still waiting out the backoff of an earlier failure. */
  | { status: 'backoff'; retryAt: number }
  | { status: 'failed'; error: string; retryAt: number };

export interface SyncEngineState {
  syncing: boolean;
  consecutiveFailures: number;
  /** When the next non-forced attempt may run; null when not backing off. */
  nextAttemptAt: number | null;
  lastOutcome: SyncOutcome | null;
  /** While a pull runs: rows applied so far of the total the server announced. */
  pullProgress: PullProgress | null;
}

export interface SyncRunOptions {
  /** Run even while backing off: the network just came back, or the user asked. */
  force?: boolean;
}

export interface SyncEngine {
  readonly db: UrsDatabase;
  /**
   * One full cycle for the signed-in user: push the outbox, its photos uploaded as it needs
   * them, then pull changes. Calls
   * made while a cycle runs are folded into one more cycle after it.
   */
  syncOnce(options?: SyncRunOptions): Promise<SyncOutcome>;
  /** After the same user signed in again: lifts the 401 pause and syncs at once. */
  resume(): Promise<SyncOutcome>;
  getState: () => SyncEngineState;
  /** For useSyncExternalStore: the listener is called after every state change. */
  subscribe: (listener: () => void) => () => void;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, getToken, getUserId } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const lock = options.lock ?? createSyncLock();

  let state: SyncEngineState = {
    syncing: false,
    consecutiveFailures: 0,
    nextAttemptAt: null,
    lastOutcome: null,
    pullProgress: null,
  };
  const changes = createListeners();
  const setState = (patch: Partial<SyncEngineState>) => {
    state = { ...state, ...patch };
    changes.notify();
  };

  let backoffUser: string | null = null;
  /** The batch size the link let through (push.ts); whole again once the queue is empty. */
  const batchLimit: PushBatchLimit = { maxCount: MAX_PUSH_MUTATIONS };
  let inFlight: Promise<SyncOutcome> | null = null;
  /** Set by a cycle whose token the user replaced meanwhile (see cycle's 401). */
  let staleToken = false;
  let again = false;
  let forceAgain = false;

  /**
   * Whether an earlier failure's backoff still holds. A retry further off than the longest
   * backoff was set by a clock that has since been put back (a phone a day fast, then set right
   * by the network): it no longer holds, or the sync would wait out the clock's error.
   */
  function waitingOutBackoff(): boolean {
    const retryAt = state.nextAttemptAt;
    if (retryAt === null) return false;
    const wait = retryAt - now();
    return wait > 0 && wait <= (options.backoff ?? DEFAULT_BACKOFF).capMs;
  }

  async function cycle(force: boolean): Promise<SyncOutcome> {
    const userId = getUserId();
    const token = getToken();
    if (userId === null || token === null || token === '') return { status: 'signed_out' };
    if (backoffUser !== userId) {
      // Another user's failures say nothing about this user's session.
      backoffUser = userId;
      batchLimit.maxCount = MAX_PUSH_MUTATIONS;
      setState({ consecutiveFailures: 0, nextAttemptAt: null });
    }
    if (!force && waitingOutBackoff()) {
      return { status: 'backoff', retryAt: state.nextAttemptAt ?? now() };
    }
    const syncState = await ensureSyncState(db, userId);
    if (syncState.paused_reason !== null) {
      return { status: 'paused', reason: syncState.paused_reason };
    }

    // The whole cycle speaks with the token it started with: if the user changes mid-cycle,
    // this user's outbox must not go out under the next user's session.
    const api = createApiClient({
      baseUrl: options.baseUrl,
      getToken: () => token,
      ...(options.fetch && { fetch: options.fetch }),
    });
    setState({ syncing: true });
    // Set once the push and the pull have been answered: the server is reachable even if a
    // photo's upload then failed (a slow link's timeout is no sign of a server out of reach).
    let answered = false;
    try {
      await claimLocalData(db, userId);
      // What is ready goes before the photos: a push stops at the first entry whose photo is
      // not uploaded. On a weak uplink a backlog of photos takes minutes (photo-upload.ts); the
      // reports and stock changes queued ahead of them, the ones each photo lets go and those
      // saved meanwhile need not wait for the last photo, so they go out between photos too,
      // every PUSH_BETWEEN_PHOTOS_MS at most (one push per photo would slow a fast link).
      // A push with nothing ready sends nothing: with no photo waiting, one request is all.
      let pushed = await pushOutbox(db, api, userId, batchLimit);
      let pushedAt = now();
      const pushAgain = async () => {
        pushed = addUp(pushed, await pushOutbox(db, api, userId, batchLimit));
        pushedAt = now();
      };
      const photos = await uploadPendingPhotos(db, api, userId, async () => {
        if (now() - pushedAt >= PUSH_BETWEEN_PHOTOS_MS) await pushAgain();
      });
      // Push before pull, always: the pull must start after the server has applied our
      // mutations, so their rows come back with a change_seq above our cursor. Pulling first
      // could skip them for good (pending rows ignore pulls, and the cursor moves on).
      await pushAgain();
      const pulled = await pullChanges(
        db,
        api,
        userId,
        options.pullLimit ?? PULL_PAGE_SIZE,
        (pullProgress) => setState({ pullProgress }),
      );
      answered = true;
      setServerUnreachable(false);
      // Photo trouble did not stop the rest, but it still needs a retry with backoff.
      if (photos.transientError !== null) throw photos.transientError;
      // The jobs the pull brought are readable offline with their photos (job-photos.ts). Its
      // trouble is no failed cycle: what is missing is fetched at the next one.
      await prefetchJobPhotos(db, api, userId).catch((err: unknown) => {
        console.error('Gagal mengambil foto tugas', err);
      });
      // Once the server has them, older photos need not fill the phone. Not a failed cycle if
      // it cannot: the bytes stay, which is where they were.
      await releaseUploadedPhotos(db, userId, options.keptPhotos).catch((err: unknown) => {
        console.error('Gagal membebaskan ruang foto', err);
      });

      // Counted only after a timeout made the batches smaller: not on every cycle.
      if (
        batchLimit.maxCount < MAX_PUSH_MUTATIONS &&
        !pushed.blocked &&
        (await pendingCountFor(db, userId)) === 0
      ) {
        batchLimit.maxCount = MAX_PUSH_MUTATIONS;
      }
      await db.sync_state.update(userId, {
        last_success_at: new Date(now()).toISOString(),
        last_error: null,
      });
      setState({ consecutiveFailures: 0, nextAttemptAt: null });
      return {
        status: 'ok',
        pushed: pushed.applied + pushed.duplicate,
        rejected: pushed.rejected,
        pulled: pulled.changes,
        blocked: pushed.blocked,
      };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // No answer at all; an answer, even a refusal, means the server is there.
      if (err instanceof NetworkError && !answered) setServerUnreachable(true);
      else if (err instanceof ApiError) setServerUnreachable(false);
      if (isSessionProblem(err) && getToken() !== token) {
        // Refused a token the user has since replaced by signing in again: nothing to pause,
        // and the cycle the new sign-in asked for follows this one (syncOnce's loop).
        staleToken = true;
        return { status: 'failed', error: message, retryAt: now() };
      }
      if (isSessionProblem(err)) {
        // Keep the outbox: it belongs to this user and resumes when they sign in again.
        await recordError(userId, message, 'unauthorized');
        setState({ consecutiveFailures: 0, nextAttemptAt: null });
        return { status: 'paused', reason: 'unauthorized' };
      }
      const failures = state.consecutiveFailures + 1;
      const policy = options.backoff ?? DEFAULT_BACKOFF;
      // A server that said when to come back (503 + Retry-After while its database restarts) is
      // not asked sooner; the backoff still grows past it, and a wait beyond the longest
      // backoff is cut to it (waitingOutBackoff would disregard it anyway). Every phone that
      // failed in the same second hears the same Retry-After: each adds up to half of it again
      // at random, so a district's phones do not all come back in the same second.
      const asked = err instanceof ApiError ? (err.retryAfterMs ?? 0) : 0;
      const askedWait =
        asked > 0 ? Math.min(asked + Math.round((asked / 2) * random()), policy.capMs) : 0;
      const retryAt = now() + Math.max(backoffDelay(failures, random, policy), askedWait);
      await recordError(userId, message, null);
      setState({ consecutiveFailures: failures, nextAttemptAt: retryAt });
      return { status: 'failed', error: message, retryAt };
    } finally {
      setState({ syncing: false, pullProgress: null });
    }
  }

  async function recordError(userId: string, message: string, paused: PausedReason | null) {
    try {
      await db.sync_state.update(userId, {
        last_error: message,
        ...(paused !== null && { paused_reason: paused }),
      });
    } catch {
      // The status line is best effort; a full disk must not hide the original failure.
    }
  }

  function syncOnce(runOptions: SyncRunOptions = {}): Promise<SyncOutcome> {
    if (inFlight !== null) {
      again = true;
      forceAgain ||= runOptions.force === true;
      return inFlight;
    }
    const run = async () => {
      let force = runOptions.force === true;
      let outcome: SyncOutcome;
      let replaced: boolean;
      do {
        again = false;
        staleToken = false;
        const thisForce = force;
        outcome = await lock(() => cycle(thisForce));
        replaced = staleToken;
        force = forceAgain;
        forceAgain = false;
        // A cycle ended by its replaced token is not the news: the new token's cycle is.
        if (!(replaced && again)) setState({ lastOutcome: outcome });
      } while (again && (outcome.status === 'ok' || replaced));
      return outcome;
    };
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    db,
    syncOnce,
    async resume() {
      const userId = getUserId();
      if (userId !== null) {
        await db.sync_state.update(userId, { paused_reason: null, last_error: null });
      }
      setState({ consecutiveFailures: 0, nextAttemptAt: null });
      return syncOnce({ force: true });
    },
    getState: () => state,
    subscribe: changes.subscribe,
  };
}

function isSessionProblem(err: unknown): boolean {
  return (err instanceof ApiError && err.status === 401) || err instanceof SessionMismatchError;
}
