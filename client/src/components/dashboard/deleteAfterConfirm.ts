// The delete action of every dashboard list (docs/product-rules.md, Behaviour): ask first, naming
// what goes, then delete on the server, and only once the server agreed remove the row from the list.
import type { Dispatch, SetStateAction } from 'react';
import { api } from '../../api/client';
import { askConfirm } from './confirmStore';
import { errorItems } from './errorText';
import { showToast, toastServerErrors, toastSuccess } from './toastStore';

interface DeleteOptions {
  /** The API path of the item, such as /api/contact/{id}. */
  url: string;
  /** The question, with {{name}} where the item's name goes. */
  confirmKey: string;
  /** What the item is called ("Referral guide", "Police 104"). */
  name: string;
  /** Toast after a delete; none when absent. */
  successKey?: string;
  /**
   * 'server': the server's own bilingual errors as toasts. 'generic' (docs/product-rules.md, Messages, posts
   * and maps): the failure is logged and answered with the toast 'Error'.
   */
  failure: 'server' | 'generic';
}

export async function deleteAfterConfirm<T extends { _id: string }>(
  item: T, setList: Dispatch<SetStateAction<T[] | null>>, options: DeleteOptions,
): Promise<void> {
  if (!(await askConfirm(options.confirmKey, { values: { name: options.name } }))) return;
  try {
    await api.delete(options.url);
    setList((list) => (list ?? []).filter((entry) => entry._id !== item._id));
    if (options.successKey) toastSuccess(options.successKey);
  } catch (failure) {
    if (options.failure === 'server') {
      toastServerErrors(errorItems(failure));
    } else {
      console.error(`Delete of ${options.url} failed`, failure);
      showToast('error', 'toast.error');
    }
  }
}
