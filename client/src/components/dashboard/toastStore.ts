// Toasts of docs/product-rules.md, Messages: bilingual, auto-closed after 5000 ms (Constants). The store keeps a
// translation key (or both server texts), not a rendered string, so a language switch re-renders them.
import { proxy } from 'valtio';
import type { ApiErrorItem } from '../../api/client';

export const TOAST_AUTO_CLOSE_MS = 5000;

export interface Toast {
  id: number;
  tone: 'success' | 'error';
  /** Key in the dashboard namespace, e.g. 'toast.successful' or 'toast.errorWith'. */
  key: string;
  /** A server message in both languages, interpolated as {{message}}. */
  message?: { en: string; ar: string };
}

export const toastStore = proxy<{ items: Toast[] }>({ items: [] });
let nextId = 1;

export function showToast(tone: Toast['tone'], key: string, message?: Toast['message']): void {
  const id = nextId++;
  toastStore.items.push({ id, tone, key, message });
  setTimeout(() => closeToast(id), TOAST_AUTO_CLOSE_MS);
}

export function closeToast(id: number): void {
  const index = toastStore.items.findIndex((toast) => toast.id === id);
  if (index >= 0) toastStore.items.splice(index, 1);
}

export const toastSuccess = (key = 'toast.successful') => showToast('success', key);

/** One toast 'Error! {message}' per server error entry (docs/product-rules.md, Messages). */
export function toastServerErrors(errors: ApiErrorItem[]): void {
  for (const error of errors) showToast('error', 'toast.errorWith', { en: error.messageEn, ar: error.messageAr });
}
