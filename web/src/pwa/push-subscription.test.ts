import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  base64UrlToBytes,
  currentPushState,
  pushAvailability,
  subscribePush,
  type PushBrowser,
} from './push-subscription.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

const facts = (over: Partial<PushBrowser>): PushBrowser => ({
  userAgent: ANDROID,
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
  displayStandalone: false,
  hasPush: true,
  ...over,
});

describe('pushAvailability', () => {
  it('sends iOS in a Safari tab to the home screen first, iPads that say they are Macs too', () => {
    expect(pushAvailability(facts({ userAgent: IPHONE, platform: 'iPhone', hasPush: false }))).toBe(
      'ios-install',
    );
    expect(
      pushAvailability(facts({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', hasPush: false })),
    ).toBe('ios-install');
  });

  it('lets a home-screen app on iOS subscribe, and says where a browser has no push', () => {
    expect(
      pushAvailability(facts({ userAgent: IPHONE, platform: 'iPhone', standalone: true })),
    ).toBe('available');
    expect(
      pushAvailability(facts({ userAgent: IPHONE, platform: 'iPhone', displayStandalone: true })),
    ).toBe('available');
    expect(pushAvailability(facts({}))).toBe('available');
    expect(pushAvailability(facts({ hasPush: false }))).toBe('unsupported');
    // A Mac with a mouse is no iPad.
    expect(
      pushAvailability(facts({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 0 })),
    ).toBe('available');
  });
});

describe('base64UrlToBytes', () => {
  it("reads the server's unpadded base64url key as the 65 bytes of a P-256 point", () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
    bytes[0] = 4;
    const text = Buffer.from(bytes).toString('base64url');
    expect(text).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect([...base64UrlToBytes(text)]).toEqual([...bytes]);
  });
});

describe('with notifications denied for the site', () => {
  /** A Chrome with push whose user blocked notifications: the permission stays `denied`. */
  function deniedBrowser() {
    const subscribe = vi.fn(() => Promise.reject(new Error('must not be called')));
    const getSubscription = vi.fn(() => Promise.resolve(null));
    const requestPermission = vi.fn(() => Promise.resolve('denied' as NotificationPermission));
    const Notification = { permission: 'denied' as NotificationPermission, requestPermission };
    vi.stubGlobal('Notification', Notification);
    vi.stubGlobal('window', { PushManager: class {}, Notification });
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.stubGlobal('navigator', {
      userAgent: ANDROID,
      platform: 'Linux armv8l',
      maxTouchPoints: 5,
      serviceWorker: {
        getRegistration: () => Promise.resolve({ pushManager: { subscribe, getSubscription } }),
      },
    });
    return { subscribe, requestPermission };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says denied without asking anything or touching the push service', async () => {
    const browser = deniedBrowser();
    expect(await currentPushState()).toBe('denied');
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('a subscribe attempt answers denied: no key fetched, nothing saved, no subscription', async () => {
    const browser = deniedBrowser();
    const calls = { publicKey: vi.fn(() => Promise.resolve('key')), save: vi.fn() };
    expect(await subscribePush(calls)).toBe('denied');
    expect(calls.publicKey).not.toHaveBeenCalled();
    expect(calls.save).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });
});
