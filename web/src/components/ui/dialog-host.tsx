import { closeDialog, openDialog } from './use-modal-dialog.js';
import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dialogs,
  type DialogIcon,
  type DialogQueue,
  type OpenDialog,
} from '../../client/dialog.js';
import { focusIsLost } from '../../lib/focus.js';

const ICONS: Record<DialogIcon, string> = {
  info: 'i',
  success: '✓',
  warning: '!',
  error: '×',
  question: '?',
};

/**
 * Shows the head of the dialog queue in a native <dialog> opened with showModal(): the browser
 * then traps focus, makes the page behind inert and turns Escape into a `cancel` event.
 */
export function DialogHost({ queue = dialogs }: { queue?: DialogQueue }) {
  const { t } = useTranslation();
  const current = useSyncExternalStore(queue.subscribe, queue.current, queue.current);
  const ref = useRef<HTMLDialogElement>(null);
  const [value, setValue] = useState('');
  const [shown, setShown] = useState<OpenDialog | null>(null);
  const [opener, setOpener] = useState<Element | null>(null);

  // What had the focus when the first of a run of dialogs came up, read before the dialog is
  // drawn. The browser gives the focus back to it when a modal dialog is closed, but this one
  // leaves the page with its answer, and the focus with it (to <body>, where Tab starts over).
  if (current !== shown) {
    if (shown === null) setOpener(document.activeElement);
    setShown(current);
  }

  useEffect(() => {
    if (current !== null || !(opener instanceof HTMLElement) || !opener.isConnected) return;
    // Only focus that was lost: an answer may have moved it on (the next field, another page).
    if (focusIsLost()) opener.focus();
  }, [current, opener]);

  useEffect(() => {
    const element = ref.current;
    if (element === null || current === null) return;
    setValue(current.options.input?.initialValue ?? '');
    openDialog(element);
    return () => closeDialog(element);
  }, [current]);

  if (current === null) return null;
  const { id, options } = current;
  const titleId = `dialog-title-${id}`;
  const textId = `dialog-text-${id}`;

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the <dialog> element itself (not its content) landed on the backdrop.
    if (event.target === event.currentTarget && options.allowOutsideClick) {
      queue.close(id, { confirmed: false, dismissedBy: 'outside' });
    }
  };

  return (
    <dialog
      key={id}
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      {...(options.text !== undefined && { 'aria-describedby': textId })}
      onCancel={(event) => {
        event.preventDefault();
        queue.close(id, { confirmed: false, dismissedBy: 'escape' });
      }}
      onClick={onBackdrop}
    >
      <form
        method="dialog"
        className="dialog-body"
        onSubmit={(event) => {
          event.preventDefault();
          queue.close(id, {
            confirmed: true,
            ...(options.input !== undefined && { value }),
          });
        }}
      >
        {options.icon !== undefined && (
          <span className={`dialog-icon dialog-icon-${options.icon}`} aria-hidden="true">
            {ICONS[options.icon]}
          </span>
        )}
        <h2 id={titleId} className="dialog-title">
          {options.title}
        </h2>
        {options.text !== undefined && (
          <p id={textId} className="dialog-text">
            {options.text}
          </p>
        )}
        {options.input !== undefined && (
          <label className="field">
            <span className="field-label">{options.input.label}</span>
            <textarea
              className="input"
              rows={3}
              value={value}
              placeholder={options.input.placeholder}
              onChange={(event) => setValue(event.target.value)}
            />
          </label>
        )}
        <div className="dialog-actions">
          {options.showCancel && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => queue.close(id, { confirmed: false, dismissedBy: 'cancel' })}
            >
              {options.cancelLabel ?? t('common.cancel')}
            </button>
          )}
          <button
            type="submit"
            className={options.danger === true ? 'button button-danger' : 'button button-primary'}
            autoFocus
          >
            {options.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
