// Staff-only files (the CSV reports, content bundles, an office's figures): fetched with the login
// token, as every dashboard request is, then handed to the browser's (or the desktop app's) save
// dialog under the name the server gives.
import { ApiRequestError, type ApiErrorItem } from '../../api/client';
import { expireSession, session } from '../../state/session';
import { toastServerErrors } from './toastStore';

function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** The bilingual error body as the API client reads it; a refused token ends the session as it does. */
async function errorOf(response: Response, hadToken: boolean): Promise<ApiRequestError> {
  let body: { message?: string; errors?: ApiErrorItem[] } = {};
  try {
    body = JSON.parse(await response.text()) as typeof body;
  } catch {
    // not JSON: fall back to the status text
  }
  const errors = Array.isArray(body.errors) && body.errors.length > 0
    ? body.errors
    : [{ messageEn: response.statusText, messageAr: response.statusText, field: null }];
  if (response.status === 401 && hadToken) expireSession();
  return new ApiRequestError(response.status, body.message ?? errors[0].messageEn, errors);
}

export async function downloadFile(path: string, fallbackName: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<void> {
  const token = session.userInfo?.token;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    throw new ApiRequestError(0, 'Network Error', [{ messageEn: 'Network Error', messageAr: 'خطأ في الشبكة', field: null }]);
  }
  if (!response.ok) throw await errorOf(response, !!token);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** A report download from a button with no error area of its own: a failure shows as a toast. */
export async function downloadReport(path: string, fallbackName: string): Promise<void> {
  try {
    await downloadFile(path, fallbackName);
  } catch (error) {
    toastServerErrors(error instanceof ApiRequestError ? error.errors : [{ messageEn: 'Network Error', messageAr: 'خطأ في الشبكة', field: null }]);
  }
}
