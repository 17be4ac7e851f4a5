// What a public page reads first, by name. The client's route table (client/src/publicRoutes.ts)
// says which data each page needs and under which API path the browser would fetch it; the server
// loads each one through its module's service (src/modules/pages/page-data.ts) and puts the
// answers in the page under those paths, where the page's components find them while hydrating.
import type { ErrorItem } from '../errors';
import type { ContentType, EmergencyType, Language, PostType } from './domain';

export type PageDataRequest =
  | { read: 'settings' }
  | { read: 'pageText'; type: ContentType }
  | { read: 'cities' }
  | { read: 'city'; name: string }
  | { read: 'contacts' }
  | { read: 'emergency'; type: EmergencyType }
  | { read: 'postList'; type: PostType; language: Language; page: number }
  | { read: 'search'; keyword: string; page: number }
  | { read: 'post'; id: string };

/** One request of a page and the API path its answer is kept under. */
export interface PageDataNeed {
  path: string;
  request: PageDataRequest;
}

/** One prepared answer: its JSON, or its error as the API would have answered it. */
export type PreparedAnswer = { data: unknown } | { error: { status: number; message: string; errors: ErrorItem[] } };
export type PreparedAnswers = Record<string, PreparedAnswer>;
