/*
 * Web Push on this browser (decision 031): whether it can be had here, and subscribing or
 * unsubscribing this browser, only ever after the user asked (never on load). The server's
 * calls are handed in, so this module knows the browser's APIs and nothing of the app's.
 */

/**
 * - `unsupported`: no service worker, Push API or notifications in this browser;
 * - `ios-install`: iOS Safari in a tab: push exists only for an app added to the home screen;
 * - `denied`: the user (or a policy) refused notifications for this site;
 * - `off`: may be turned on; `on`: this browser is subscribed.
 */
export type PushState = 'unsupported' | 'ios-install' | 'denied' | 'off' | 'on';

/** What of the browser the checks read; injectable so tests need no real iPhone. */
export interface PushBrowser {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Safari's own flag for a page opened from the home screen. */
  standalone?: boolean;
  displayStandalone: boolean;
  hasPush: boolean;
}

function browserFacts(): PushBrowser {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints,
    ...(nav.standalone !== undefined && { standalone: nav.standalone }),
    displayStandalone:
      typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
    hasPush:
      'serviceWorker' in nav &&
      typeof window !== 'undefined' &&
      'PushManager' in window &&
      'Notification' in window,
  };
}

/**
 * An iPhone or iPad browsing in a tab: iOS gives Web Push (16.4+) only to a web app opened from
 * the home screen. iPadOS says it is a Mac, but a Mac has no touch screen.
 */
export function isIosOutsideHomeScreen(facts: PushBrowser): boolean {
  const ios =
    /iPad|iPhone|iPod/.test(facts.userAgent) ||
    (facts.platform === 'MacIntel' && facts.maxTouchPoints > 1);
  return ios && facts.standalone !== true && !facts.displayStandalone;
}

/** What this browser can do before anyone is asked anything. */
export function pushAvailability(
  facts: PushBrowser = browserFacts(),
): 'unsupported' | 'ios-install' | 'available' {
  if (isIosOutsideHomeScreen(facts)) return 'ios-install';
  return facts.hasPush ? 'available' : 'unsupported';
}

/** The VAPID key as the server gives it (base64url, no padding), as the bytes subscribe takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(key: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (key === null || key === undefined) return false;
  const have = new Uint8Array(key);
  return have.length === wanted.length && have.every((byte, i) => byte === wanted[i]);
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Where this browser stands now, without asking the user anything. */
export async function currentPushState(): Promise<PushState> {
  const available = pushAvailability();
  if (available !== 'available') return available;
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (reg === null) return 'unsupported';
  const subscription = await reg.pushManager.getSubscription();
  return subscription !== null && Notification.permission === 'granted' ? 'on' : 'off';
}

export interface SubscribeCalls {
  /** GET /api/push/public-key: the VAPID public key, base64url. */
  publicKey: () => Promise<string>;
  /** POST /api/push/subscriptions with `PushSubscription.toJSON()`. */
  save: (subscription: PushSubscriptionJSON) => Promise<void>;
}

/**
 * Asks for permission (the user pressed the button), subscribes with the server's key and
 * gives the server the subscription. A subscription made with another key (the deployment's
 * keys changed) is replaced: the push service would refuse the server's pushes to it.
 */
export async function subscribePush(calls: SubscribeCalls): Promise<PushState> {
  const available = pushAvailability();
  if (available !== 'available') return available;
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  if (reg === null) return 'unsupported';
  const key = base64UrlToBytes(await calls.publicKey());
  let subscription = await reg.pushManager.getSubscription();
  if (subscription !== null && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await calls.save(subscription.toJSON());
  return 'on';
}

/**
 * Ends this browser's subscription: the server forgets it (`forget`, when there is a session
 * to ask with; a failure there is the sender's to clean up, on the push service's 404/410)
 * and the browser drops it.
 */
export async function unsubscribePush(forget?: (endpoint: string) => Promise<void>): Promise<void> {
  const reg = await registration();
  const subscription = (await reg?.pushManager.getSubscription()) ?? null;
  if (subscription === null) return;
  if (forget !== undefined) await forget(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}
