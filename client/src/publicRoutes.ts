// The public screens, their addresses and the API answers each one reads first. The browser's
// router, the server render (which prepares those answers) and the preloading before hydration
// all read this one table.
import type { Language } from '@shared/domain';
import type { PageDataNeed, PageDataRequest } from '@shared/api-types';
import { decodePathSegment, withoutLanguage } from '@shared/public-paths';
import { apiPathOf } from './api/paths';
import { isEmergencyType, isPostType, keywordFromSearch } from './lib/pageAddress';
import { pageFromSearch } from './lib/pagination';
import { screen, type Screen } from './lib/screen';
import { HomePage } from './pages/public/HomePage';

type Params = Record<string, string>;

export interface PublicRoute {
  /** A wouter (and Fastify) pattern: fixed segments and :name parameters. */
  path: string;
  screen: Screen<Record<string, string>> | Screen;
  props?: Record<string, string>;
  /** The data the screen reads on its first render. */
  data?: (params: Params, search: string, language: Language) => PageDataRequest[];
}

const loadContent = () => import('./pages/public/ContentPage');
const loadLinks = () => import('./pages/public/LinkButtonsPage');
const loadSmall = () => import('./pages/public/SmallPages');

const home = Object.assign(HomePage, { preload: async () => HomePage });
export const NotFoundScreen = screen(loadSmall, 'NotFoundPage');
const StaticTitlePage = screen<Record<string, string>>(loadLinks, 'StaticTitlePage');

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', screen: home },
  { path: '/about', screen: screen(loadContent), data: () => [{ read: 'pageText', type: 'About' }] },
  { path: '/ht', screen: screen(loadContent, 'HumanTraffickingPage'), data: () => [{ read: 'pageText', type: 'Human Trafficing' }] },
  { path: '/international', screen: screen(loadLinks) },
  { path: '/servicemap', screen: screen(() => import('./pages/public/ServiceMapPage')), data: () => [{ read: 'cities' }] },
  { path: '/maps/:city', screen: screen(() => import('./pages/public/CityPage')), data: ({ city }) => [{ read: 'city', name: city }] },
  { path: '/useful_tools', screen: screen(loadLinks, 'UsefulToolsPage') },
  { path: '/seeking_help', screen: screen(loadLinks, 'SeekingHelpPage') },
  { path: '/trainingtool', screen: StaticTitlePage, props: { titleKey: 'trainingtool.title' } },
  { path: '/assessmentform', screen: StaticTitlePage, props: { titleKey: 'assessmentform.title' } },
  { path: '/contact', screen: screen(() => import('./pages/public/ContactPage')), data: () => [{ read: 'contacts' }] },
  {
    path: '/search', screen: screen(() => import('./pages/public/SearchPage')),
    data: (_, search) => {
      const keyword = keywordFromSearch(search);
      return keyword ? [{ read: 'search', keyword, page: pageFromSearch(search) }] : [];
    },
  },
  {
    path: '/posts/:type', screen: screen(() => import('./pages/public/PostsPage')),
    data: ({ type }, search, language) => (isPostType(type) ? [{ read: 'postList', type, language, page: pageFromSearch(search) }] : []),
  },
  { path: '/p/:id', screen: screen(() => import('./pages/public/PostDetailPage')), data: ({ id }) => [{ read: 'post', id }] },
  { path: '/e/:type', screen: screen(() => import('./pages/public/EmergencyPage')), data: ({ type }) => (isEmergencyType(type) ? [{ read: 'emergency', type }] : []) },
  { path: '/browse-safely', screen: screen(loadSmall) },
  { path: '/test', screen: screen(loadSmall, 'RatingTestPage') },
];

/**
 * The route that wouter's Switch shows for this path, at any of its addresses (/about, /ar/about),
 * or null: the not-found screen. Segments are cut where wouter cuts them (an encoded / stays
 * inside its segment), then each is decoded once: the same name the page itself reads (a city
 * called "Erbil/Duhok" is one segment, Erbil%2FDuhok).
 */
export function matchPublicRoute(pathname: string): { route: PublicRoute; params: Params } | null {
  const segments = withoutLanguage(pathname).replace(/\/+$/, '').split('/').slice(1).map(decodePathSegment);
  for (const route of PUBLIC_ROUTES) {
    const pattern = route.path === '/' ? [] : route.path.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const params: Params = {};
    const matches = pattern.every((part, index) => {
      if (part.startsWith(':')) {
        params[part.slice(1)] = segments[index];
        return segments[index] !== '';
      }
      // wouter's patterns ignore case.
      return part.toLowerCase() === segments[index].toLowerCase();
    });
    if (matches) return { route, params };
  }
  return null;
}

/** Everything the page at this address reads first, settings (the quick exit) included, with the API path of each. */
export function dataForPage(pathname: string, search: string, language: Language): PageDataNeed[] {
  const match = matchPublicRoute(pathname);
  const requests: PageDataRequest[] = [{ read: 'settings' }, ...(match?.route.data?.(match.params, search, language) ?? [])];
  return requests.map((request) => ({ path: apiPathOf(request), request }));
}

/** Loads the chunk of the screen at this address. */
export function preloadScreen(pathname: string): Promise<unknown> {
  return (matchPublicRoute(pathname)?.route.screen ?? NotFoundScreen).preload();
}
