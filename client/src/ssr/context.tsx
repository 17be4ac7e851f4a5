// What the server render shares with the page components: the API answers it prepared (read by
// useApi for its first state, on the server and again on the client while hydrating) and the page
// facts the components report while they render (title, description, picture, status).
import { createContext, useContext } from 'react';
import type { PageFacts } from '@shared/domain';
import type { PreparedAnswer, PreparedAnswers } from '@shared/api-types';

export type { PageFacts, PreparedAnswer, PreparedAnswers };

/**
 * The answers describe the page as it was loaded: once the visitor moves to another page they
 * are forgotten, so a later visit of the same path loads fresh data.
 */
export class PreparedData {
  constructor(private answers: PreparedAnswers) {}

  answerFor(path: string): PreparedAnswer | undefined {
    return Object.prototype.hasOwnProperty.call(this.answers, path) ? this.answers[path] : undefined;
  }

  forget(): void {
    this.answers = {};
  }
}

export const PreparedDataContext = createContext<PreparedData | null>(null);


export const PageFactsContext = createContext<PageFacts | null>(null);

/** The collector of the page being rendered on the server; null in the browser. */
export function usePageFacts(): PageFacts | null {
  return useContext(PageFactsContext);
}
