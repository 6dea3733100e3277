import { createListeners } from '../lib/listeners.js';

/*
 * Toasts through sonner, which is loaded with the first toast (no screen shows one to draw
 * itself). Calls made before it arrives wait for the Toaster to mount, so no message is lost:
 * the first sync's or the unread poll's toast at start-up still shows.
 */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  type?: ToastType;
  title: string;
  message?: string;
  /** Milliseconds; sonner pauses the timer while the pointer is over the toast. */
  duration?: number;
}

export const DEFAULT_TOAST_DURATION = 3_000;

let toasterMounted: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});
/** Called once by the lazily loaded Toaster when it is on the page. */
export function markToasterMounted(): void {
  toasterMounted();
}

let wanted = false;
const demand = createListeners();

/**
 * Whether any toast was asked for yet: the app mounts the Toaster (and so loads sonner) from the
 * first one on. Read with useSyncExternalStore.
 */
export const toasterDemand = {
  wanted: (): boolean => wanted,
  subscribe: demand.subscribe,
};

const sonner = () => toasterReady.then(() => import('sonner')).then((m) => m.toast);
let nextId = 0;

/** Shows a toast; returns its id so a caller can dismiss it early. */
export function showToast({
  type = 'info',
  title,
  message,
  duration = DEFAULT_TOAST_DURATION,
}: ToastOptions): string {
  nextId += 1;
  const id = `urs-toast-${nextId}`;
  if (!wanted) {
    wanted = true;
    demand.notify();
  }
  void sonner().then((toast) =>
    toast[type](title, { id, ...(message !== undefined && { description: message }), duration }),
  );
  return id;
}

type Shortcut = (title: string, message?: string, duration?: number) => string;
const shortcut =
  (type: ToastType): Shortcut =>
  (title, message, duration) =>
    showToast({
      type,
      title,
      ...(message !== undefined && { message }),
      ...(duration !== undefined && { duration }),
    });

/** `toast.error('Gagal menyimpan tema.')`, or `toast.show({ type, title, message, duration })`. */
export const toast = {
  show: showToast,
  success: shortcut('success'),
  error: shortcut('error'),
  info: shortcut('info'),
  warning: shortcut('warning'),
  dismiss: (id?: string) => {
    // Nothing was shown: there is nothing to dismiss, and no reason to load sonner for it.
    if (!wanted) return;
    void sonner().then((t) => t.dismiss(id));
  },
};
