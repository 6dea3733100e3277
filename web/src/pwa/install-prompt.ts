import { useCallback, useSyncExternalStore } from 'react';
import { createListeners } from '../lib/listeners.js';

/** Chromium's install prompt event; not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

function isBeforeInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return typeof Reflect.get(event, 'prompt') === 'function' && 'userChoice' in event;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

interface InstallState {
  deferred: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallState = { deferred: null, installed: false };
const changes = createListeners();
let listening = false;

function setState(next: InstallState) {
  state = next;
  changes.notify();
}

/**
 * Starts capturing `beforeinstallprompt` (idempotent). The event fires early in the page's
 * life, so registerServiceWorker() calls this at startup, before any button is on screen.
 */
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const standalone =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  if (standalone) setState({ deferred: null, installed: true });
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isBeforeInstallPromptEvent(event)) return;
    // Keep the browser's mini-infobar away; our button offers the install instead.
    event.preventDefault();
    setState({ deferred: event, installed: false });
  });
  window.addEventListener('appinstalled', () => {
    setState({ deferred: null, installed: true });
  });
}

/** Shows the browser's install dialog; the captured event can be used only once. */
export async function promptInstall(): Promise<InstallOutcome> {
  const deferred = state.deferred;
  if (deferred === null) return 'unavailable';
  setState({ ...state, deferred: null });
  await deferred.prompt();
  const choice = await deferred.userChoice;
  return choice.outcome;
}

function subscribe(listener: () => void): () => void {
  listenForInstallPrompt();
  return changes.subscribe(listener);
}

const getSnapshot = () => state;
const SERVER_STATE: InstallState = { deferred: null, installed: false };
const getServerSnapshot = () => SERVER_STATE;

export interface InstallPrompt {
  /** The browser offered an install and the app is not installed yet. */
  canInstall: boolean;
  installed: boolean;
  promptInstall: () => Promise<InstallOutcome>;
}

export function useInstallPrompt(): InstallPrompt {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const prompt = useCallback(() => promptInstall(), []);
  return {
    canInstall: current.deferred !== null && !current.installed,
    installed: current.installed,
    promptInstall: prompt,
  };
}
