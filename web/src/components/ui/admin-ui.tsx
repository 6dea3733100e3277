import type { PageMeta } from '@urs/sync-protocol';
import { useModalDialog } from './use-modal-dialog.js';
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { failureText, serverFieldErrors, type Checked } from '../../lib/admin-kit.js';
import { toast } from '../../lib/toast.js';
import { confirmDialog } from '../../lib/dialog.js';
import './admin.css';
import './admin-cards.css';
import './admin-i18n.js';

export { TextField } from './text-field.js';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** `navigator.onLine`, kept current by the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The banner an online-only admin screen shows while the browser has no connection. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="admin-offline">
      {t('admin.offline')}
    </div>
  );
}

/** Waits `delay` ms after the last change before passing a value on (search boxes). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A server-paged list's search box and page, shared by the admin lists: a new search starts again
 * at page 1, and `q` (trimmed, debounced) is what to ask the server for. Spread `searchInput` on
 * the search field.
 */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  const searchInput = {
    type: 'search',
    value: search,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setSearch(event.target.value);
      setPage(1);
    },
  } as const;
  return { q, page, setPage, searchInput };
}

/** Asks before deleting a row, in the words every admin list uses; resolves to the answer. */
export function useConfirmDelete(): (title: string) => Promise<boolean> {
  const { t } = useTranslation();
  return (title) =>
    confirmDialog({
      title,
      text: t('admin.deleteText'),
      icon: 'warning',
      confirmLabel: t('admin.delete'),
      cancelLabel: t('admin.cancel'),
      danger: true,
    });
}

/** The alert an admin list shows while its last load failed (offline or the server's word). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (error === null) return null;
  return (
    <div className="alert alert-error admin-load-error" role="alert">
      <span>{failureText(error, t('admin.loadFailed'), t('admin.offline'), online)}</span>
      <button type="button" className="button button-small button-secondary" onClick={onRetry}>
        {t('admin.retry')}
      </button>
    </div>
  );
}

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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit();
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
      <form className="dialog-body" noValidate onSubmit={submit}>
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
 */
export function useModalForm<F extends object>(
  initial: () => F,
  failTitle: string,
  alsoClears: Partial<Record<keyof F, readonly string[]>> = {},
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
      const fields = serverFieldErrors(err);
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

/** "Halaman 2 dari 5 · 63 data" with previous/next buttons. */
export function Pager({
  page,
  lastPage,
  total,
  onPage,
  label,
}: {
  page: number;
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="admin-pager" aria-label={label}>
      <span className="muted" aria-live="polite">
        {t('admin.pageOf', { page, last: lastPage, total })}
      </span>
      <div className="admin-pager-buttons">
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('admin.previous')}
        </button>
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
        >
          {t('admin.next')}
        </button>
      </div>
    </nav>
  );
}

/** The pager under a server-paged table, once the answer's page meta is there. */
export function MetaPager({
  meta,
  onPage,
  label,
}: {
  meta: PageMeta | undefined;
  onPage: (page: number) => void;
  label: string;
}) {
  if (meta === undefined) return null;
  return (
    <Pager
      page={meta.page}
      lastPage={meta.last_page}
      total={meta.total}
      onPage={onPage}
      label={label}
    />
  );
}

/** Formats an ISO timestamp as a local date for tables. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(language === 'en' ? 'en-GB' : 'id-ID', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

export interface Remote<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `load()` whenever `key` changes (or `reload()` is called); an answer that arrives after
 * a newer request started is dropped, so fast typing never shows an older list.
 */
export function useRemote<T>(key: string, load: () => Promise<T>): Remote<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [token, setToken] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    loadRef.current().then(
      (data) => {
        if (current) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (current) setState((previous) => ({ ...previous, error, loading: false }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, token]);

  return { ...state, reload: () => setToken((n) => n + 1) };
}

/** The edit and delete buttons of a table row, named for screen readers ("Ubah Kantin"). */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Row-specific actions shown before edit and delete. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-actions">
      {children}
      <button
        type="button"
        className="button button-small button-secondary"
        aria-label={`${t('admin.edit')} ${name}`}
        onClick={onEdit}
      >
        {t('admin.edit')}
      </button>
      <button
        type="button"
        className="button button-small admin-danger-outline"
        aria-label={`${t('admin.delete')} ${name}`}
        onClick={onDelete}
      >
        {t('admin.delete')}
      </button>
    </div>
  );
}

/**
 * An admin list's table: hidden caption, the given column heads and an actions column, the rows,
 * and the loading/empty row when there are none; users and areas/categories share it.
 */
export function AdminTable({
  caption,
  columns,
  testId,
  loading,
  empty,
  children,
}: {
  caption: string;
  /** The column heads before the actions column. */
  columns: readonly string[];
  testId: string;
  loading: boolean;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-busy={loading} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col" className="admin-actions-col">
              {t('admin.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {children}
          {empty && <EmptyRow columns={columns.length + 1} loading={loading} />}
        </tbody>
      </table>
    </div>
  );
}

/** The single row a table shows while loading or when nothing matches. */
export function EmptyRow({ columns, loading }: { columns: number; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td colSpan={columns} className="muted admin-empty">
        {loading ? t('admin.loading') : t('admin.empty')}
      </td>
    </tr>
  );
}
