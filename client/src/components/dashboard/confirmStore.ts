// A promise-based confirmation (docs/product-rules.md, Messages: bilingual delete confirmations). A real dialog
// instead of window.confirm, so it speaks the page's language and tests can click it.
import { proxy } from 'valtio';

export const confirmStore = proxy<{ questionKey: string | null }>({ questionKey: null });
let settle: ((ok: boolean) => void) | null = null;

export function askConfirm(questionKey: string): Promise<boolean> {
  settle?.(false);
  confirmStore.questionKey = questionKey;
  return new Promise((resolve) => { settle = resolve; });
}

export function answerConfirm(ok: boolean): void {
  confirmStore.questionKey = null;
  const resolve = settle;
  settle = null;
  resolve?.(ok);
}
