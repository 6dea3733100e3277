import { useState, type ChangeEvent } from 'react';
import { useDebounced } from './use-debounced.js';

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
