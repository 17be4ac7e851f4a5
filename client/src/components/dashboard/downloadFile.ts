// Downloads a staff-only file (the CSV reports): fetched with the login token, as every dashboard
// request is, then handed to the browser as a download under the server's file name.
import { ApiRequestError, type ApiErrorItem } from '../../api/client';
import { expireSession, session } from '../../state/session';
import { toastServerErrors } from './toastStore';

function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = session.userInfo?.token;
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    toastServerErrors([{ messageEn: 'Network Error', messageAr: 'خطأ في الشبكة', field: null }]);
    return;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { errors?: ApiErrorItem[] };
    if (response.status === 401 && token) expireSession();
    toastServerErrors(body.errors ?? new ApiRequestError(response.status, response.statusText, []).errors);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
