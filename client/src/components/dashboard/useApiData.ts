// Loads one GET at mount (and on reload): SPEC.md section 4's request, then success or failure.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { isAbort } from './errorText';

export function useApiData<T>(path: string | null) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(path !== null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    api.get<T>(path, controller.signal)
      .then((answer) => { setData(answer); setLoading(false); })
      .catch((failure: unknown) => {
        if (isAbort(failure)) return;
        setError(failure);
        setLoading(false);
      });
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { data, setData, error, loading, reload };
}

/** Counts uploads in flight across a form's fields, so the save button can wait for all of them. */
export function useBusyCounter() {
  const [count, setCount] = useState(0);
  const onBusyChange = useCallback((busy: boolean) => setCount((value) => Math.max(0, value + (busy ? 1 : -1))), []);
  return { busy: count > 0, onBusyChange };
}
