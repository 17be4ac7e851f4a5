// A promise-based confirmation (docs/product-rules.md, Messages: bilingual delete confirmations that
// name what goes). A real dialog instead of window.confirm, so it speaks the page's language and
// tests can click it.
import { proxy } from 'valtio';

interface ConfirmState {
  questionKey: string | null;
  /** The question's placeholders, e.g. the name of the item to delete. */
  values: Record<string, string>;
  confirmKey: string;
}

export const confirmStore = proxy<ConfirmState>({ questionKey: null, values: {}, confirmKey: 'common.yesDelete' });
let settle: ((ok: boolean) => void) | null = null;

/**
 * A name inside a sentence of the other direction ("Delete «Police 104»?" in Arabic), kept whole
 * by Unicode's first-strong isolate, as <bdi> does in markup.
 */
export const isolated = (name: string) => `\u2068${name}\u2069`;

/** confirmKey names the button that agrees ("Yes, delete" unless another action is asked about). */
export function askConfirm(questionKey: string, options: { values?: Record<string, string>; confirmKey?: string } = {}): Promise<boolean> {
  settle?.(false);
  confirmStore.questionKey = questionKey;
  confirmStore.values = Object.fromEntries(Object.entries(options.values ?? {}).map(([key, value]) => [key, isolated(value)]));
  confirmStore.confirmKey = options.confirmKey ?? 'common.yesDelete';
  return new Promise((resolve) => { settle = resolve; });
}

export function answerConfirm(ok: boolean): void {
  confirmStore.questionKey = null;
  const resolve = settle;
  settle = null;
  resolve?.(ok);
}
