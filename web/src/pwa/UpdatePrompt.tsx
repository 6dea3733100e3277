import type { Language } from '@urs/sync-protocol';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { splitTextPairs } from '../lib/text-pairs.js';
import { registerServiceWorker, type ServiceWorkerController } from './register.js';
import { hasUnsavedChanges } from './unsaved-changes.js';
import './pwa.css';

const UPDATE_PROMPT_TEXTS = splitTextPairs({
  message: ['Versi baru tersedia.', 'A new version is available.'],
  reload: ['Muat ulang', 'Reload'],
  later: ['Nanti', 'Later'],
  /** Asked before reloading over unsaved input. */
  confirmDiscard: [
    'Ada isian yang belum disimpan. Muat ulang sekarang dan buang isian?',
    'You have unsaved input. Reloading discards it.',
  ],
  confirmReload: ['Buang isian dan muat ulang', 'Discard and reload'],
  cancel: ['Batal', 'Cancel'],
});
export type UpdatePromptLabels = (typeof UPDATE_PROMPT_TEXTS)[Language];

export interface UpdatePromptProps {
  /** Indonesian unless told. */
  language?: Language;
  labels?: Partial<UpdatePromptLabels>;
  /** Defaults to the page's registration (registerServiceWorker() is idempotent). */
  controller?: ServiceWorkerController;
  /**
   * In the page's flow (a strip where it is placed) instead of floating at the bottom, where on
   * a phone it covered a form's main button ("Simpan laporan") until dismissed.
   */
  inline?: boolean;
}

/** Whether a new app version waits, for shells that show it their own way. */
export function useUpdateAvailable(controller?: ServiceWorkerController): boolean {
  const sw = controller ?? registerServiceWorker();
  return useSyncExternalStore(sw.onUpdateAvailable, sw.updateAvailable, () => false);
}

/**
 * A small fixed banner when a new version is installed and waiting. It never reloads over
 * unsaved input: with a dirty form registered, it asks first (an inline alertdialog).
 */
export function UpdatePrompt({
  language = 'id',
  labels,
  controller,
  inline = false,
}: UpdatePromptProps) {
  const text = { ...UPDATE_PROMPT_TEXTS[language], ...labels };
  const sw = controller ?? registerServiceWorker();
  const available = useUpdateAvailable(sw);
  const [dismissed, setDismissed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();

  // A newer version arriving after "Later" shows the banner again.
  useEffect(() => sw.onUpdateAvailable(() => setDismissed(false)), [sw]);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  if (!available || dismissed) return null;
  const placement = inline ? ' pwa-banner--inline' : '';

  const apply = () => {
    setBusy(true);
    sw.applyUpdate().catch((err: unknown) => {
      console.error('Pembaruan gagal diterapkan', err);
      setBusy(false);
    });
  };
  const onReload = () => {
    if (hasUnsavedChanges()) setConfirming(true);
    else apply();
  };

  // A new element (key) for each state, so the confirmation is announced as the alertdialog it is.
  return (
    <div
      key={confirming ? 'confirm' : 'offer'}
      className={`pwa-banner${confirming ? ' pwa-banner--confirm' : ''}${placement}`}
      {...(confirming
        ? { role: 'alertdialog', 'aria-modal': false, 'aria-describedby': messageId }
        : { role: 'status', 'aria-live': 'polite' })}
    >
      <p className="pwa-banner__message" id={messageId}>
        {confirming ? text.confirmDiscard : text.message}
      </p>
      <div className="pwa-banner__actions">
        <button
          type="button"
          className={`pwa-button ${confirming ? 'pwa-button--danger' : 'pwa-button--primary'}`}
          onClick={confirming ? apply : onReload}
          disabled={busy}
        >
          {confirming ? text.confirmReload : text.reload}
        </button>
        <button
          type="button"
          className="pwa-button"
          ref={cancelRef}
          onClick={() => (confirming ? setConfirming(false) : setDismissed(true))}
        >
          {confirming ? text.cancel : text.later}
        </button>
      </div>
    </div>
  );
}
