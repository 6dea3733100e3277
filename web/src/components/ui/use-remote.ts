import { useEffect, useEffectEvent, useRef, useState } from 'react';

export interface Remote<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `load()` whenever `key` changes (or `reload()` is called); an answer that arrives after
 * a newer request started is dropped, so fast typing never shows an older list. `onError` hears
 * each failure once (a toast), with the caller's latest props.
 */
export function useRemote<T>(
  key: string,
  load: () => Promise<T>,
  onError?: (error: unknown) => void,
): Remote<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [token, setToken] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const failed = useEffectEvent((error: unknown) => onError?.(error));

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    loadRef.current().then(
      (data) => {
        if (current) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (!current) return;
        setState((previous) => ({ ...previous, error, loading: false }));
        failed(error);
      },
    );
    return () => {
      current = false;
    };
  }, [key, token]);

  return { ...state, reload: () => setToken((n) => n + 1) };
}
