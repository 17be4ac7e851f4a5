// The public screens, their addresses and the API answers each one reads first. The browser's
// router, the server render (which prepares those answers) and the preloading before hydration
// all read this one table.
import type { Language } from '@shared/domain';
import { apiPaths } from './api/paths';
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
  /** The API paths the screen reads on its first render. */
  data?: (params: Params, search: string, language: Language) => string[];
}

const loadContent = () => import('./pages/public/ContentPage');
const loadLinks = () => import('./pages/public/LinkButtonsPage');
const loadSmall = () => import('./pages/public/SmallPages');

const home = Object.assign(HomePage, { preload: async () => HomePage });
export const NotFoundScreen = screen(loadSmall, 'NotFoundPage');
const StaticTitlePage = screen<Record<string, string>>(loadLinks, 'StaticTitlePage');

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', screen: home },
  { path: '/about', screen: screen(loadContent), data: () => [apiPaths.content('About')] },
  { path: '/ht', screen: screen(loadContent, 'HumanTraffickingPage'), data: () => [apiPaths.content('Human Trafficing')] },
  { path: '/international', screen: screen(loadLinks) },
  { path: '/servicemap', screen: screen(() => import('./pages/public/ServiceMapPage')), data: () => [apiPaths.cities] },
  { path: '/maps/:city', screen: screen(() => import('./pages/public/CityPage')), data: ({ city }) => [apiPaths.city(city)] },
  { path: '/useful_tools', screen: screen(loadLinks, 'UsefulToolsPage') },
  { path: '/seeking_help', screen: screen(loadLinks, 'SeekingHelpPage') },
  { path: '/trainingtool', screen: StaticTitlePage, props: { titleKey: 'trainingtool.title' } },
  { path: '/assessmentform', screen: StaticTitlePage, props: { titleKey: 'assessmentform.title' } },
  { path: '/contact', screen: screen(() => import('./pages/public/ContactPage')), data: () => [apiPaths.contact] },
  {
    path: '/search', screen: screen(() => import('./pages/public/SearchPage')),
    data: (_, search) => {
      const keyword = keywordFromSearch(search);
      return keyword ? [apiPaths.search(keyword, pageFromSearch(search))] : [];
    },
  },
  {
    path: '/posts/:type', screen: screen(() => import('./pages/public/PostsPage')),
    data: ({ type }, search, language) => (isPostType(type) ? [apiPaths.postList(type, language, pageFromSearch(search))] : []),
  },
  { path: '/p/:id', screen: screen(() => import('./pages/public/PostDetailPage')), data: ({ id }) => [apiPaths.post(id)] },
  { path: '/e/:type', screen: screen(() => import('./pages/public/EmergencyPage')), data: ({ type }) => (isEmergencyType(type) ? [apiPaths.emergency(type)] : []) },
  { path: '/browse-safely', screen: screen(loadSmall) },
  { path: '/test', screen: screen(loadSmall, 'RatingTestPage') },
];

/** Decodes the address as wouter does (decodeURI), keeping it when it is not valid. */
function decodePath(path: string): string {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return path;
  }
}

/** The route that wouter's Switch shows for this path (null: the not-found screen). */
export function matchPublicRoute(pathname: string): { route: PublicRoute; params: Params } | null {
  const segments = decodePath(pathname).replace(/\/+$/, '').split('/').slice(1);
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

/** Every API path the page at this address reads first, settings (the quick exit) included. */
export function dataForPage(pathname: string, search: string, language: Language): string[] {
  const match = matchPublicRoute(pathname);
  return [apiPaths.settings, ...(match?.route.data?.(match.params, search, language) ?? [])];
}

/** Loads the chunk of the screen at this address. */
export function preloadScreen(pathname: string): Promise<unknown> {
  return (matchPublicRoute(pathname)?.route.screen ?? NotFoundScreen).preload();
}
