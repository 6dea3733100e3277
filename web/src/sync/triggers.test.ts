import { describe, expect, it } from 'vitest';
import type { SyncOutcome, SyncRunOptions } from './engine.js';
import { notifyLocalWrite } from './local-writes.js';
import { startSyncTriggers, type TriggerEnvironment } from './triggers.js';

/** A hand-driven clock and event targets: no real timers, no DOM. */
function fakeEnvironment() {
  let now = 0;
  let timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  const env = {
    window: new EventTarget(),
    document: new EventTarget(),
    visible: true,
    online: true,
    backgroundSyncs: 0,
  };
  const environment: TriggerEnvironment = {
    window: env.window,
    document: env.document,
    isVisible: () => env.visible,
    isOnline: () => env.online,
    now: () => now,
    setTimer(run, ms) {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    registerBackgroundSync: () => {
      env.backgroundSyncs += 1;
      return Promise.resolve(true);
    },
  };
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = timers
        .filter((t) => !t.cancelled && t.at <= until)
        .sort((a, b) => a.at - b.at)[0];
      if (next === undefined) break;
      now = next.at;
      timers = timers.filter((t) => t !== next);
      next.run();
      await Promise.resolve();
    }
    now = until;
    await Promise.resolve();
  };
  return { env, environment, advance };
}

function fakeEngine(outcomes: SyncOutcome[] = []) {
  const calls: SyncRunOptions[] = [];
  return {
    calls,
    syncOnce(options: SyncRunOptions = {}): Promise<SyncOutcome> {
      calls.push(options);
      const ok: SyncOutcome = { status: 'ok', pushed: 0, rejected: 0, pulled: 0, blocked: false };
      return Promise.resolve(outcomes.shift() ?? ok);
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('startSyncTriggers', () => {
  it('syncs at start (forced), on online (forced) and when the tab becomes visible', () => {
    const { env, environment } = fakeEnvironment();
    const engine = fakeEngine();
    const triggers = startSyncTriggers(engine, { environment });
    expect(engine.calls).toEqual([{ force: true }]);

    env.window.dispatchEvent(new Event('online'));
    env.visible = false;
    env.document.dispatchEvent(new Event('visibilitychange'));
    env.visible = true;
    env.document.dispatchEvent(new Event('visibilitychange'));
    expect(engine.calls).toEqual([{ force: true }, { force: true }, {}]);
    triggers.stop();
  });

  it('debounces local writes into one sync and registers Background Sync', async () => {
    const { env, environment, advance } = fakeEnvironment();
    const engine = fakeEngine();
    const triggers = startSyncTriggers(engine, { environment, debounceMs: 1_500 });
    engine.calls.length = 0;

    notifyLocalWrite('u1');
    await advance(1_000);
    notifyLocalWrite('u1');
    await advance(1_499);
    expect(engine.calls).toHaveLength(0);
    await advance(1);
    expect(engine.calls).toEqual([{}]);
    expect(env.backgroundSyncs).toBe(2);
    triggers.stop();
  });

  it('syncs every interval while online and skips while offline', async () => {
    const { env, environment, advance } = fakeEnvironment();
    const engine = fakeEngine();
    const triggers = startSyncTriggers(engine, { environment, intervalMs: 60_000 });
    engine.calls.length = 0;

    await advance(60_000);
    expect(engine.calls).toHaveLength(1);
    env.online = false;
    await advance(60_000);
    expect(engine.calls).toHaveLength(1);
    env.online = true;
    await advance(60_000);
    expect(engine.calls).toHaveLength(2);
    triggers.stop();
  });

  it('retries when the backoff of a failed sync runs out', async () => {
    const { environment, advance } = fakeEnvironment();
    const engine = fakeEngine([{ status: 'failed', error: 'offline', retryAt: 4_000 }]);
    const triggers = startSyncTriggers(engine, { environment, intervalMs: 600_000 });
    await flush();
    expect(engine.calls).toHaveLength(1);
    await advance(3_999);
    expect(engine.calls).toHaveLength(1);
    await advance(1);
    expect(engine.calls).toHaveLength(2);
    triggers.stop();
  });

  it('stops listening and cancels its timers on stop', async () => {
    const { env, environment, advance } = fakeEnvironment();
    const engine = fakeEngine();
    const triggers = startSyncTriggers(engine, { environment });
    triggers.stop();
    engine.calls.length = 0;
    env.window.dispatchEvent(new Event('online'));
    notifyLocalWrite('u1');
    await advance(10 * 60_000);
    expect(engine.calls).toHaveLength(0);
  });
});
