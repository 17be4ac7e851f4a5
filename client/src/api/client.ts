// The one typed way to call the API: auth header, JSON, bilingual errors and 401 handling live here.
import type { ErrorItem } from '@shared/api-types';
import { session, expireSession } from '../state/session';

export type ApiErrorItem = ErrorItem;

/** Thrown for every non-2xx answer and for network failures (status 0). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];

  constructor(status: number, message: string, errors: ApiErrorItem[]) {
    super(message);
    this.status = status;
    this.errors = errors;
  }

  /** True when the request never got an answer (offline, server down). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the logged-in user's token (default: when one exists). */
  auth?: boolean;
}

const NETWORK_ERROR: ApiErrorItem = {
  messageEn: 'Network Error',
  messageAr: 'خطأ في الشبكة',
  field: null,
};

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.userInfo?.token;
  if (token && options.auth !== false) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, NETWORK_ERROR.messageEn, [NETWORK_ERROR]);
  }

  const text = await response.text();
  const data: unknown = text ? safeJsonParse(text) : undefined;
  if (response.ok) return data as T;

  const errorBody = (data ?? {}) as { message?: string; errors?: ApiErrorItem[] };
  const errors = Array.isArray(errorBody.errors) && errorBody.errors.length > 0
    ? errorBody.errors
    : [{ messageEn: errorBody.message ?? response.statusText, messageAr: errorBody.message ?? response.statusText, field: null }];
  // A token that expired or was revoked: forget it and send the user back to login.
  if (response.status === 401 && token) expireSession();
  throw new ApiRequestError(response.status, errorBody.message ?? errors[0].messageEn, errors);
}

function safeJsonParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
