import type { PageMeta } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import './admin.css';
import './admin-i18n.js';

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
        {t('admin.pageOf', { page, last: lastPage, total, count: total })}
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
