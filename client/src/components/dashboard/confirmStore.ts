// A promise-based confirmation (docs/product-rules.md, Messages: bilingual delete confirmations). A real dialog
// instead of window.confirm, so it speaks the page's language and tests can click it.
import { proxy } from 'valtio';

export const confirmStore = proxy<{ questionKey: string | null; confirmKey: string }>({ questionKey: null, confirmKey: 'common.yesDelete' });
let settle: ((ok: boolean) => void) | null = null;

/** confirmKey names the button that agrees ("Yes, delete" unless another action is asked about). */
export function askConfirm(questionKey: string, confirmKey = 'common.yesDelete'): Promise<boolean> {
  settle?.(false);
  confirmStore.questionKey = questionKey;
  confirmStore.confirmKey = confirmKey;
  return new Promise((resolve) => { settle = resolve; });
}

export function answerConfirm(ok: boolean): void {
  confirmStore.questionKey = null;
  const resolve = settle;
  settle = null;
  resolve?.(ok);
}
