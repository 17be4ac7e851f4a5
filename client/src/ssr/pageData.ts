// The data a server-rendered page carries for its hydration, in a JSON script element (never run
// as script): the prepared API answers and the language the server rendered in.
import type { Language } from '@shared/domain';
import type { PreparedAnswers } from './context';
import { PAGE_DATA_ELEMENT_ID } from './pageDataId';

export { PAGE_DATA_ELEMENT_ID };

export interface PageData {
  language: Language;
  answers: PreparedAnswers;
}

/** The page's data, or null when the page was not rendered on the server (dashboard, login, no SSR build). */
export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}
