import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_CACHE } from './constants.js';
import { mirrorSession, readMirroredSession } from './session-mirror.js';

afterEach(async () => {
  await mirrorSession(null);
  vi.unstubAllGlobals();
});

describe('mirrorSession', () => {
  it('stores the session for the service worker and clears it on logout', async () => {
    expect(await readMirroredSession()).toBeNull();
    await mirrorSession({ token: 'urs_a', userId: 'user-a' });
    expect(await readMirroredSession()).toEqual({ token: 'urs_a', userId: 'user-a' });
    await mirrorSession({ token: 'urs_b', userId: 'user-a', baseUrl: '/' });
    expect(await readMirroredSession()).toEqual({ token: 'urs_b', userId: 'user-a', baseUrl: '/' });
    await mirrorSession(null);
    expect(await readMirroredSession()).toBeNull();
  });

  it("drops the cached photos when the user changes or signs out, not on the same user's refresh", async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });
    await mirrorSession({ token: 'urs_a', userId: 'user-a' });
    await mirrorSession({ token: 'urs_a2', userId: 'user-a' });
    expect(deleted).toEqual([]);
    await mirrorSession({ token: 'urs_b', userId: 'user-b' });
    expect(deleted).toEqual([PHOTO_CACHE]);
    await mirrorSession(null);
    expect(deleted).toEqual([PHOTO_CACHE, PHOTO_CACHE]);
  });
});
