import { createListeners } from '../lib/listeners.js';

export const UNREAD_POLL_INTERVAL_MS = 60_000;
export const UNREAD_MIN_GAP_MS = 15_000;
export const UNREAD_FETCH_ERROR = 'Gagal mengambil jumlah pengumuman belum dibaca';

export interface AnnouncementPollerDeps {
  fetchCount: () => Promise<number>;
  /** Called when the count rose while a user is signed in (never for a session's first answer). */
  onRise: (count: number) => void;
  now?: () => number;
}

export interface AnnouncementPoller {
  start: () => void;
  stop: () => void;
  /** Fetches now unless a fetch ran within the last 15 s (force skips that check). */
  refresh: (options?: { force?: boolean }) => Promise<void>;
  getCount: () => number;
  /** Whether the server has given this session a count yet (before that, getCount is 0). */
  hasAnswered: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

/**
 * Polls the unread announcement count (spec section 4). A failed fetch is logged and changes
 * nothing on screen: a flaky network must not make the badge flicker to zero.
 */
export function createAnnouncementPoller(deps: AnnouncementPollerDeps): AnnouncementPoller {
  const now = deps.now ?? Date.now;
  let count = 0;
  /**
   * Whether this session has had an answer yet. The first one is what was already unread at
   * sign-in, not news: counting it as a rise from 0 toasted at every sign-in.
   */
  let baseline = false;
  let running = false;
  let interval: ReturnType<typeof setInterval> | null = null;
  let inFlight: Promise<void> | null = null;
  let lastFetchAt: number | null = null;
  /** Bumped by stop(): an answer that arrives after sign-out belongs to the old session. */
  let generation = 0;
  const changes = createListeners();

  async function fetchOnce(gen: number) {
    try {
      const next = await deps.fetchCount();
      if (gen !== generation) return;
      const rose = baseline && next > count;
      baseline = true;
      count = next;
      changes.notify();
      if (rose && running) deps.onRise(next);
    } catch (err) {
      console.error(UNREAD_FETCH_ERROR, err);
    }
  }

  function refresh(options: { force?: boolean } = {}): Promise<void> {
    if (inFlight !== null) return inFlight;
    const at = now();
    if (options.force !== true && lastFetchAt !== null && at - lastFetchAt < UNREAD_MIN_GAP_MS) {
      return Promise.resolve();
    }
    lastFetchAt = at;
    inFlight = fetchOnce(generation).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    start() {
      if (running) return;
      running = true;
      void refresh({ force: true });
      interval = setInterval(() => void refresh(), UNREAD_POLL_INTERVAL_MS);
    },
    stop() {
      running = false;
      generation += 1;
      if (interval !== null) clearInterval(interval);
      interval = null;
      inFlight = null;
      lastFetchAt = null;
      count = 0;
      baseline = false;
      changes.notify();
    },
    refresh,
    getCount: () => count,
    hasAnswered: () => baseline,
    subscribe: changes.subscribe,
  };
}

/** The sidebar badge text: the count, capped at 99 (spec section 9). */
export function formatUnreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}
