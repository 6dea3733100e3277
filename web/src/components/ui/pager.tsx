import type { PageMeta } from '@urs/sync-protocol';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusIsLost } from '../../lib/focus.js';
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
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // The button last pressed, until the page it asked for is shown.
  const pressed = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const button = pressed.current;
    pressed.current = null;
    // The first or last page disables the button that reached it, and the browser moves its
    // focus to the body: a keyboard or screen-reader user would start over from the top of the
    // page. The other button takes it, as the pager is where they were.
    if (button?.disabled !== true) return;
    if (document.activeElement !== button && !focusIsLost()) return;
    (button === next.current ? previous : next).current?.focus();
  }, [page, lastPage]);
  const go = (button: HTMLButtonElement | null, to: number) => {
    pressed.current = button;
    onPage(to);
  };
  return (
    <nav className="admin-pager" aria-label={label}>
      <span className="muted" aria-live="polite">
        {t('admin.pageOf', { page, last: lastPage, total, count: total })}
      </span>
      <div className="admin-pager-buttons">
        <button
          ref={previous}
          type="button"
          className="button button-small button-secondary"
          disabled={page <= 1}
          onClick={() => go(previous.current, page - 1)}
        >
          {t('admin.previous')}
        </button>
        <button
          ref={next}
          type="button"
          className="button button-small button-secondary"
          disabled={page >= lastPage}
          onClick={() => go(next.current, page + 1)}
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
