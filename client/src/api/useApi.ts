// The one data-fetching hook of the client: every data group follows request, then success or
// failure. Public pages and the dashboard both read through it. A page rendered on the server
// starts from the answers the server prepared (see ssr/context.tsx): the first render in the
// browser equals the server's, and nothing is fetched again.
import { useCallback, useContext, useEffect, useState, type SetStateAction } from 'react';
import { PreparedDataContext, type PreparedAnswer } from '../ssr/context';
import { api, ApiRequestError } from './client';

export interface ApiState<T> {
  data: T | null;
  error: ApiRequestError | null;
  loading: boolean;
}

export interface ApiResource<T> extends ApiState<T> {
  /** Changes the loaded data in place (an item added or removed after a successful write). */
  setData(update: SetStateAction<T | null>): void;
  /** Loads the same path again. */
  reload(): void;
}

interface Answer<T> {
  /** Which request this answers: the path and the reload count it was made for. */
  key: string;
  data: T | null;
  error: ApiRequestError | null;
}

const asApiError = (error: unknown) => (error instanceof ApiRequestError ? error : new ApiRequestError(0, String(error), []));

function preparedAnswer<T>(key: string, prepared: PreparedAnswer): Answer<T> {
  if ('error' in prepared) {
    const { status, message, errors } = prepared.error;
    return { key, data: null, error: new ApiRequestError(status, message, errors) };
  }
  return { key, data: prepared.data as T, error: null };
}

/**
 * Loads `path` (null: nothing to load) and again whenever it changes; answers to an earlier path
 * are dropped. While a new path loads, the previous data stays on screen.
 */
export function useApi<T>(path: string | null): ApiResource<T> {
  const [reloads, setReloads] = useState(0);
  const key = path === null ? null : `${reloads} ${path}`;
  const prepared = useContext(PreparedDataContext);
  const [answer, setAnswer] = useState<Answer<T> | null>(() => {
    const found = key === null || path === null ? undefined : prepared?.answerFor(path);
    return found && key !== null ? preparedAnswer<T>(key, found) : null;
  });
  const answeredKey = answer?.key;

  useEffect(() => {
    // Already answered for this path and reload (prepared by the server, or just loaded).
    if (key === null || path === null || answeredKey === key) return;
    const controller = new AbortController();
    api.get<T>(path, controller.signal)
      .then((data) => setAnswer({ key, data, error: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, data: null, error: asApiError(error) });
      });
    return () => controller.abort();
  }, [key, path, answeredKey]);

  const setData = useCallback((update: SetStateAction<T | null>) => {
    setAnswer((previous) => {
      const current = previous?.data ?? null;
      const data = typeof update === 'function' ? (update as (value: T | null) => T | null)(current) : update;
      return { key: previous?.key ?? '', error: previous?.error ?? null, data };
    });
  }, []);
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  // Derived, never stored: the render that switches to a new path is already "loading".
  const loading = key !== null && answer?.key !== key;
  if (path === null) return { data: null, error: null, loading: false, setData, reload };
  return { data: answer?.data ?? null, error: loading ? null : answer?.error ?? null, loading, setData, reload };
}
