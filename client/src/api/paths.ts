// The API paths the public pages read. The pages and the server render use the same functions, so
// the data the server prepares for a page is found under exactly the path the page asks for.
import type { Language } from '@shared/domain';
import type { PageDataRequest } from '@shared/api-types';

export const apiPaths = {
  settings: '/api/settings',
  content: (type: string) => `/api/content/${encodeURIComponent(type)}`,
  cities: '/api/maps',
  city: (name: string) => `/api/maps/m/${encodeURIComponent(name)}`,
  contact: '/api/contact',
  rating: '/api/rating',
  emergency: (type: string) => `/api/emergency/${encodeURIComponent(type)}`,
  postList: (type: string, language: Language, page: number) => `/api/posts/${encodeURIComponent(type)}/${language}?pageNumber=${page}`,
  search: (keyword: string, page: number) => `/api/posts/s?keyword=${encodeURIComponent(keyword)}&pageNumber=${page}`,
  post: (id: string) => `/api/posts/${encodeURIComponent(id)}`,
  postView: (id: string) => `/api/posts/${encodeURIComponent(id)}/view`,
} as const;

/** The API path that answers a page's data: where the browser fetches it, and where the server's prepared answer is kept. */
export function apiPathOf(request: PageDataRequest): string {
  switch (request.read) {
    case 'settings': return apiPaths.settings;
    case 'pageText': return apiPaths.content(request.type);
    case 'cities': return apiPaths.cities;
    case 'city': return apiPaths.city(request.name);
    case 'contacts': return apiPaths.contact;
    case 'emergency': return apiPaths.emergency(request.type);
    case 'postList': return apiPaths.postList(request.type, request.language, request.page);
    case 'search': return apiPaths.search(request.keyword, request.page);
    case 'post': return apiPaths.post(request.id);
  }
}
