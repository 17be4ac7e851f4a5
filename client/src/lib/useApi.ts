// Every data group follows request, then success or failure (SPEC.md section 4).
import { useEffect, useState } from 'react';
import { api, ApiRequestError } from '../api/client';

export interface ApiState<T> {
  data: T | null;
  error: ApiRequestError | null;
  loading: boolean;
}

/** Loads path (null: nothing to load) and reloads when it changes; stale answers are dropped. */
export function useApi<T>(path: string | null): ApiState<T> {
  const [state, setState] = useState<ApiState<T>>({ data: null, error: null, loading: path !== null });

  useEffect(() => {
    if (path === null) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, error: null, loading: true }));
    api.get<T>(path, controller.signal)
      .then((data) => setState({ data, error: null, loading: false }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof ApiRequestError ? error : new ApiRequestError(0, String(error), []);
        setState({ data: null, error: failure, loading: false });
      });
    return () => controller.abort();
  }, [path]);

  return state;
}
