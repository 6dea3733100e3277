import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText, serverFieldErrors, type Checked } from '../../client/admin-kit.js';
import { toast } from '../../client/toast.js';
import { useOnline } from './online.js';
import { useFailedSubmitFocus } from './use-failed-submit-focus.js';
import { useModalDialog } from './use-modal-dialog.js';
import './admin.css';
import './admin-i18n.js';

/**
 * A form in a native modal <dialog>: the browser traps focus and makes the page inert; Escape
 * cancels (unless saving); focus goes back to the element that opened it.
 */
export function FormModal({
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
  testId,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** A message for the whole form (not tied to a field). */
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useModalDialog();
  const titleId = useId();
  const { form, submitted } = useFailedSubmitFocus(busy);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    submitted();
    onSubmit();
  };

  return (
    <dialog
      ref={ref}
      className="dialog admin-modal"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form ref={form} className="dialog-body" noValidate onSubmit={submit}>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {error !== null && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        {children}
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={onClose}
            disabled={busy}
          >
            {t('admin.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('admin.saving') : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The keys of a form whose values are text. */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * What an admin modal form keeps: its values, errors per field (a field's go once it is edited,
 * with those `alsoClears` names for it), a message for the whole form and the busy flag. `save`
 * checks the payload, runs the request and, when it fails, spreads the server's field errors,
 * shows the rest on the form and toasts `failTitle`. Users and areas/categories share it.
 * `formFields` names the server's fields as the form's, where they differ (a nested body's
 * `admin.email` for a flat form's `admin_email`).
 */
export function useModalForm<F extends object>(
  initial: () => F,
  failTitle: string,
  alsoClears: Partial<Record<keyof F, readonly string[]>> = {},
  formFields: (errors: Record<string, string[]>) => Record<string, string[]> = (errors) => errors,
) {
  const { t } = useTranslation();
  const online = useOnline();
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (patch: Partial<F>) => {
    setForm((previous) => ({ ...previous, ...patch }));
    setErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(patch) as (keyof F & string)[]) {
        delete next[key];
        for (const linked of alsoClears[key] ?? []) delete next[linked];
      }
      return next;
    });
  };

  const save = async <P,>(checked: Checked<P>, run: (payload: P) => Promise<void>) => {
    setFormError(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await run(checked.payload);
    } catch (err) {
      const fields = formFields(serverFieldErrors(err));
      setErrors(fields);
      const detail = failureText(err, '', t('admin.offline'), online);
      setFormError(Object.keys(fields).length > 0 || detail === '' ? null : detail);
      toast.error(failTitle, detail === '' ? undefined : detail);
      setBusy(false);
    }
  };

  /** A text input's value, name, errors and change handler, to spread on a TextField. */
  const text = (name: TextKey<F>) => ({
    name,
    value: form[name] as string,
    errors: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set({ [name]: event.target.value } as Partial<F>);
    },
  });

  return { form, set, text, errors, save, modal: { busy, error: formError } };
}
