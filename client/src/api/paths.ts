// The API paths the public pages read. The pages and the server render use the same functions, so
// the data the server prepares for a page is found under exactly the path the page asks for.
import type { Language } from '@shared/domain';

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
