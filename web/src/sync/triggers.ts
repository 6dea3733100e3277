import type { SyncEngine, SyncOutcome, SyncRunOptions } from './engine.js';
import { onLocalWrite } from './local-writes.js';

export const BACKGROUND_SYNC_TAG = 'urs-sync';

/** What the triggers need from the browser; injectable so tests drive it without a DOM. */
export interface TriggerEnvironment {
  /** Fires 'online'. */
  window: EventTarget;
  /** Fires 'visibilitychange'. */
  document: EventTarget;
  isVisible(): boolean;
  /** navigator.onLine: false means certainly offline; true only means "maybe". */
  isOnline(): boolean;
  now(): number;
  /** Schedules `run` after `ms`; returns a cancel function. */
  setTimer(run: () => void, ms: number): () => void;
  registerBackgroundSync(): Promise<boolean>;
}

export interface SyncTriggerOptions {
  debounceMs?: number;
  intervalMs?: number;
  environment?: TriggerEnvironment;
}

export interface SyncTriggers {
  stop(): void;
}

/**
 * Starts syncing on every occasion the architecture lists: app start, `online`, the tab becoming
 * visible, shortly after a local write, every minute while online, and when a backoff expires.
 * iOS Safari has no Background Sync, so these foreground triggers must be enough on their own;
 * where Background Sync exists, a local write also registers it so the service worker can
 * finish the job after the tab is gone.
 */
export function startSyncTriggers(
  engine: Pick<SyncEngine, 'syncOnce'>,
  options: SyncTriggerOptions = {},
): SyncTriggers {
  const env = options.environment ?? browserEnvironment();
  const debounceMs = options.debounceMs ?? 1_500;
  const intervalMs = options.intervalMs ?? 60_000;
  let stopped = false;
  let cancelDebounce: (() => void) | null = null;
  let cancelRetry: (() => void) | null = null;
  let cancelInterval: (() => void) | null = null;

  const afterRun = (outcome: SyncOutcome) => {
    cancelRetry?.();
    cancelRetry = null;
    if (stopped) return;
    if (outcome.status === 'failed' || outcome.status === 'backoff') {
      cancelRetry = env.setTimer(
        () => {
          cancelRetry = null;
          run({});
        },
        Math.max(0, outcome.retryAt - env.now()),
      );
    }
  };

  const run = (runOptions: SyncRunOptions) => {
    if (stopped || !env.isOnline()) return;
    engine.syncOnce(runOptions).then(afterRun, (err: unknown) => {
      console.error('Sinkronisasi gagal', err);
    });
  };

  const onOnline = () => run({ force: true });
  const onVisibility = () => {
    if (env.isVisible()) run({});
  };
  const stopListeningToWrites = onLocalWrite(() => {
    cancelDebounce?.();
    cancelDebounce = env.setTimer(() => {
      cancelDebounce = null;
      run({});
    }, debounceMs);
    env.registerBackgroundSync().catch(() => {
      // Unsupported or refused: the foreground triggers still cover it.
    });
  });
  const tick = () => {
    cancelInterval = env.setTimer(() => {
      run({});
      tick();
    }, intervalMs);
  };

  env.window.addEventListener('online', onOnline);
  env.document.addEventListener('visibilitychange', onVisibility);
  tick();
  run({ force: true });

  return {
    stop() {
      stopped = true;
      env.window.removeEventListener('online', onOnline);
      env.document.removeEventListener('visibilitychange', onVisibility);
      stopListeningToWrites();
      cancelDebounce?.();
      cancelRetry?.();
      cancelInterval?.();
    },
  };
}

function browserEnvironment(): TriggerEnvironment {
  return {
    window,
    document,
    isVisible: () => document.visibilityState === 'visible',
    isOnline: () => navigator.onLine,
    now: () => Date.now(),
    setTimer(run, ms) {
      const handle = setTimeout(run, ms);
      return () => clearTimeout(handle);
    },
    registerBackgroundSync,
  };
}

interface BackgroundSyncManager {
  register(tag: string): Promise<void>;
}

function isBackgroundSyncManager(value: unknown): value is BackgroundSyncManager {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'register') === 'function'
  );
}

/**
 * Asks the service worker for a `sync` event once connectivity returns (Chromium only; the
 * API is not in TypeScript's DOM types, hence the feature test by shape).
 */
export async function registerBackgroundSync(tag = BACKGROUND_SYNC_TAG): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration === undefined) return false;
  const sync: unknown = Reflect.get(registration, 'sync');
  if (!isBackgroundSyncManager(sync)) return false;
  await sync.register(tag);
  return true;
}
