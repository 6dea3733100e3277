import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchItemHistory, type HistoryEntry } from '../data/items-api.js';

export interface ServerHistory {
  rows: HistoryEntry[];
  total: number;
  hasMore: boolean;
  loading: boolean;
  error: unknown;
  loadMore: () => void;
  retry: () => void;
}

/**
 * An item's full history from the server, a page at a time ("load more" appends). Only runs
 * while `enabled` (online). An answer for another item, or for a request superseded by a
 * newer one, is dropped.
 */
export function useServerHistory(
  itemId: string,
  enabled: boolean,
  /** A change reloads the first page (e.g. the device's transactions of the item synced). */
  version = 0,
): ServerHistory {
  const [rows, setRows] = useState<HistoryEntry[]>([]);
  const [page, setPage] = useState(0);
  const [lastPage, setLastPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const request = useRef(0);

  const load = useCallback(
    (next: number) => {
      request.current += 1;
      const mine = request.current;
      setLoading(true);
      setError(null);
      fetchItemHistory(itemId, next).then(
        (answer) => {
          if (mine !== request.current) return;
          setRows((current) => {
            const base = next === 1 ? [] : current;
            const seen = new Set(base.map((row) => row.id));
            return [...base, ...answer.data.filter((row) => !seen.has(row.id))];
          });
          setPage(next);
          setLastPage(answer.meta.last_page);
          setTotal(answer.meta.total);
          setLoading(false);
        },
        (err: unknown) => {
          if (mine !== request.current) return;
          setError(err);
          setLoading(false);
        },
      );
    },
    [itemId],
  );

  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    // Another item (or offline): start empty. A new version of the same item keeps the rows
    // on screen until the fresh first page replaces them, so the list does not flicker.
    if (shownFor.current !== itemId || !enabled) {
      setRows([]);
      setPage(0);
      setTotal(0);
      setLastPage(1);
    }
    shownFor.current = enabled ? itemId : null;
    if (enabled) {
      load(1);
    } else {
      request.current += 1;
      setLoading(false);
    }
  }, [enabled, load, version]);

  return {
    rows,
    total,
    hasMore: page > 0 && page < lastPage,
    loading,
    error,
    loadMore: () => {
      if (!loading) load(page + 1);
    },
    retry: () => load(page === 0 ? 1 : page + 1),
  };
}
