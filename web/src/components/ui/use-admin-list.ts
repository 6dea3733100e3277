import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedAnswer } from '../../client/admin-kit.js';
import { confirmDialog } from '../../client/dialog.js';
import { useDebounced } from './use-debounced.js';
import { useRemote } from './use-remote.js';
import './admin-i18n.js';

/**
 * A server-paged admin list: its search box and page (a new search starts again at page 1, and
 * `q`, trimmed and debounced, is what the server is asked for), the page loaded for them (again
 * whenever `key` or the search changes), and deleting a row. Spread `searchInput` on the search
 * field. Users and areas/categories share it.
 */
export function useAdminList<T>(
  key: string,
  load: (query: { q: string; page: number }) => Promise<PagedAnswer<T>>,
) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  const list = useRemote(`${key}|${q}|${page}`, () => load({ q, page }));
  const rows = list.data?.data ?? [];
  const searchInput = {
    type: 'search',
    value: search,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setSearch(event.target.value);
      setPage(1);
    },
  } as const;

  /**
   * Asks first, in the words every admin list uses; after the delete shows the page before when
   * the last row of a later page went, else loads the page again. A failure goes to `onFailed`.
   */
  const remove = async (
    title: string,
    run: () => Promise<void>,
    onFailed: (error: unknown) => void,
  ) => {
    const confirmed = await confirmDialog({
      title,
      text: t('admin.deleteText'),
      icon: 'warning',
      confirmLabel: t('admin.delete'),
      cancelLabel: t('admin.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await run();
      if (rows.length === 1 && page > 1) setPage(page - 1);
      else list.reload();
    } catch (error) {
      onFailed(error);
    }
  };

  return { page, setPage, searchInput, list, rows, meta: list.data?.meta, remove };
}
