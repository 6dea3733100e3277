import { toast as sonner } from 'sonner';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  type?: ToastType;
  title: string;
  message?: string;
  /** Milliseconds; sonner pauses the timer while the pointer is over the toast. */
  duration?: number;
}

export const DEFAULT_TOAST_DURATION = 3_000;

/** Shows a toast; returns its id so a caller can dismiss it early. */
export function showToast({
  type = 'info',
  title,
  message,
  duration = DEFAULT_TOAST_DURATION,
}: ToastOptions): string | number {
  return sonner[type](title, { ...(message !== undefined && { description: message }), duration });
}

type Shortcut = (title: string, message?: string, duration?: number) => string | number;
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
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
