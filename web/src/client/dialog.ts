import { createListeners } from '../lib/listeners.js';

export type DialogIcon = 'info' | 'success' | 'warning' | 'error' | 'question';

export interface DialogOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  /** Default 'OK'. */
  confirmLabel?: string;
  /** Default 'Batal' ('Cancel' in English): the host names it in the interface language. */
  cancelLabel?: string;
  /** false hides the cancel button (an alert). Default true. */
  showCancel?: boolean;
  /** Paint the confirm button as destructive. */
  danger?: boolean;
  /** Clicking outside the dialog cancels it. Default true. */
  allowOutsideClick?: boolean;
  /** Closes on its own after this many milliseconds (as a dismissal). */
  timerMs?: number;
  /** Shows a textarea; its value comes back in the result. */
  input?: { label: string; placeholder?: string; initialValue?: string };
}

export type DialogDismissal = 'cancel' | 'outside' | 'escape' | 'timer';

export type DialogResult =
  { confirmed: true; value?: string } | { confirmed: false; dismissedBy: DialogDismissal };

export interface OpenDialog {
  id: number;
  options: Required<Pick<DialogOptions, 'confirmLabel' | 'allowOutsideClick' | 'showCancel'>> &
    DialogOptions;
}

interface Pending extends OpenDialog {
  resolve: (result: DialogResult) => void;
}

/*
 * The cancel button's default is not here: the queue knows no language, and a fixed 'Batal'
 * showed in English too (deleting a report, discarding a refused change).
 */
export const DIALOG_DEFAULTS = {
  confirmLabel: 'OK',
  allowOutsideClick: true,
  showCancel: true,
} as const;

/**
 * Dialogs are shown one at a time: a second request waits in a queue until the first is
 * answered, so two confirmations never stack and each promise gets its own answer.
 */
export interface DialogQueue {
  open: (options: DialogOptions) => Promise<DialogResult>;
  /** The dialog on screen, or null. Stable between changes (for useSyncExternalStore). */
  current: () => OpenDialog | null;
  /** How many wait behind the one on screen. */
  waiting: () => number;
  /** Answers dialog `id`; ignored unless it is the one on screen. */
  close: (id: number, result: DialogResult) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createDialogQueue(): DialogQueue {
  const queue: Pending[] = [];
  const { subscribe, notify } = createListeners();
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const startTimer = () => {
    const head = queue[0];
    if (head?.options.timerMs === undefined) return;
    const id = head.id;
    timer = setTimeout(
      () => close(id, { confirmed: false, dismissedBy: 'timer' }),
      head.options.timerMs,
    );
  };

  function close(id: number, result: DialogResult) {
    const head = queue[0];
    if (head === undefined || head.id !== id) return;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    queue.shift();
    head.resolve(result);
    startTimer();
    notify();
  }

  return {
    open(options) {
      return new Promise<DialogResult>((resolve) => {
        queue.push({ id: nextId++, options: { ...DIALOG_DEFAULTS, ...options }, resolve });
        if (queue.length === 1) startTimer();
        notify();
      });
    },
    current: () => queue[0] ?? null,
    waiting: () => Math.max(0, queue.length - 1),
    close,
    subscribe,
  };
}

/** The app's queue; `<DialogHost />` shows its head. */
export const dialogs = createDialogQueue();

/** A yes/no question: resolves true only when confirmed. */
export async function confirmDialog(options: DialogOptions): Promise<boolean> {
  return (await dialogs.open({ icon: 'question', ...options })).confirmed;
}
