import { useEffect, useRef, type RefObject } from 'react';

/** Opens a native <dialog> (jsdom in unit tests has no showModal/close; browsers have both). */
export function openDialog(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

export function closeDialog(dialog: HTMLDialogElement): void {
  if (!dialog.open) return;
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/**
 * For a component that IS a modal: its <dialog> opens with showModal() when it mounts (the
 * browser then traps focus, makes the page behind inert and closes on Escape), closes when it
 * unmounts, and gives focus back to whatever opened it.
 */
export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialog(dialog);
    return () => {
      closeDialog(dialog);
      opener?.focus();
    };
  }, []);
  return ref;
}
