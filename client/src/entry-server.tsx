// The server render of the public pages (built with `vite build --ssr` next to the client). The
// server loads the data a page reads (dataForPage names it), renders the same components the
// browser hydrates, and builds the <head> from the facts the page reported. The layout around a
// screen (safety band, header, menus, Back link) is most of a page's markup and the same for many
// pages: given a LayoutMemory, it is rendered once per language, address language and layout key,
// and each page renders only its language switch and its screen into it, to the same bytes as the
// whole page rendered at once.
import { createElement, StrictMode, Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import type { Language } from '@shared/domain';
import arabic from '../public/assets/locals/ar/translate.json';
import english from '../public/assets/locals/en/translate.json';
import { addressLanguageOf } from '@shared/public-paths';
import { LanguageSwitch } from './components/LanguageSwitch';
import PublicApp, { layoutKeyOf, PublicRouter, PublicScreens } from './PublicApp';
import { NotFoundScreen, PUBLIC_ROUTES, dataForPage, matchPublicRoute } from './publicRoutes';
import { AppRoutes } from './routes';
import { PageFactsContext, PreparedData, PreparedDataContext, type PageFacts, type PreparedAnswers } from './ssr/context';
import { LayoutSlotsContext, type LayoutSlots } from './ssr/layoutSlots';

export { dataForPage };
export { PAGE_DATA_ELEMENT_ID } from './ssr/pageData';

/** One i18next per language, made once: a render is synchronous and never changes its language. */
function makeI18n(language: Language): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    supportedLngs: ['en', 'ar'],
    fallbackLng: 'en',
    ns: ['translate'],
    defaultNS: 'translate',
    resources: { en: { translate: english }, ar: { translate: arabic } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  memoizePlainTexts(instance);
  return instance;
}

/** What react-i18next adds to every t() call: no interpolation, plural or object in it. */
const PLAIN_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

/**
 * A page asks for some fifty fixed texts; i18next resolves each one anew (a measurable part of a
 * render). Texts without interpolation never change in a running server: they are kept after the
 * first lookup.
 */
function memoizePlainTexts(instance: I18n): void {
  const translate = instance.t.bind(instance) as unknown as (key: unknown, options?: Record<string, unknown>) => unknown;
  const plain = new Map<string, unknown>();
  const memoized = (key: unknown, options?: Record<string, unknown>) => {
    const isPlain = typeof key === 'string' && (!options || Object.keys(options).every((name) => PLAIN_OPTIONS.has(name)));
    if (!isPlain) return translate(key, options);
    // A text asked for in another language (getFixedT, the bilingual notices) is another text.
    const cacheKey = `${String(options?.lng ?? '')}\u0000${JSON.stringify(options?.ns ?? '')}\u0000${String(options?.keyPrefix ?? '')}\u0000${key}`;
    if (!plain.has(cacheKey)) plain.set(cacheKey, translate(key, options));
    return plain.get(cacheKey);
  };
  instance.t = memoized as unknown as I18n['t'];
}

const i18nByLanguage: Record<Language, I18n> = { en: makeI18n('en'), ar: makeI18n('ar') };

/** Every public screen loaded, so renderToString never meets a screen still loading. */
export const ready: Promise<unknown> = Promise.all([...PUBLIC_ROUTES.map((route) => route.screen.preload()), NotFoundScreen.preload()]);

/** The public addresses, as Fastify route patterns (the same syntax as wouter's). */
export const routePatterns: string[] = PUBLIC_ROUTES.map((route) => route.path);

export interface RenderInput {
  /** Path and query of the page (/posts/Iraq?p=2). */
  url: string;
  language: Language;
  answers: PreparedAnswers;
}

export interface RenderResult {
  /** The inside of <div id="root">. */
  html: string;
  facts: PageFacts;
}

/**
 * Layouts rendered so far, by language, address language and layout key: the markup around the
 * language switch and the screen, and the resource hints React wrote first. The server owns it and
 * empties it whenever public content changes (a layout shows the settings' quick-exit address).
 */
export type LayoutMemory = Map<string, RenderedLayout>;

interface RenderedLayout {
  hints: string;
  /** Before the language switch, between it and the screen, after the screen. */
  parts: readonly [string, string, string];
}

/**
 * Stand-ins for what each page renders itself while a layout is rendered: elements (text would
 * change how React separates the text beside it) that nothing else renders.
 */
const SCREEN_SLOT = '<screen-slot></screen-slot>';
const SWITCH_SLOT = '<switch-slot></switch-slot>';
const SLOTS: LayoutSlots = { screen: createElement('screen-slot'), languageSwitch: createElement('switch-slot') };
/** React writes resource hints (an image's preload) before the markup. */
const LEADING_HINTS = /^(?:<link [^>]*\/?>)+/;

/** What every render shares: the language, the data the page was given, the facts it reports. */
function withPageContext(input: RenderInput, facts: PageFacts, children: ReactNode): ReactNode {
  const [pathname, search = ''] = input.url.split('?');
  return (
    <StrictMode>
      <I18nextProvider i18n={i18nByLanguage[input.language]}>
        <PageFactsContext.Provider value={facts}>
          <PreparedDataContext.Provider value={new PreparedData(input.answers)}>
            <Router ssrPath={pathname} ssrSearch={search}>
              {children}
            </Router>
          </PreparedDataContext.Provider>
        </PageFactsContext.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}

/**
 * The layout's key for this address: the language, the address's language (the router's base) and
 * what the layout shows of the location within it, read as wouter reads it (decodeURI, the base
 * cut off, never empty).
 */
function layoutKeyFor(language: Language, pathname: string): string {
  let decoded = pathname;
  try {
    if (pathname.includes('%')) decoded = decodeURI(pathname);
  } catch {
    // wouter keeps an address it cannot decode as it is.
  }
  const addressLanguage = addressLanguageOf(pathname);
  const location = (addressLanguage ? decoded.slice(addressLanguage.length + 1) : decoded) || '/';
  return `${language}\u0000${addressLanguage ?? ''}\u0000${layoutKeyOf(location)}`;
}

function renderedLayout(input: RenderInput, memory: LayoutMemory, pathname: string): RenderedLayout {
  const key = layoutKeyFor(input.language, pathname);
  const known = memory.get(key);
  if (known) return known;
  // As the whole tree has it: AppRoutes' other parts render nothing, the Suspense its markers.
  const html = renderToString(withPageContext(input, { status: 200 }, (
    <LayoutSlotsContext.Provider value={SLOTS}>
      <Suspense fallback={null}><PublicApp /></Suspense>
    </LayoutSlotsContext.Provider>
  )));
  const hints = LEADING_HINTS.exec(html)?.[0] ?? '';
  const [beforeSwitch, afterSwitch, more] = html.slice(hints.length).split(SWITCH_SLOT);
  const [beforeScreen, afterScreen, further] = (afterSwitch ?? '').split(SCREEN_SLOT);
  if (more !== undefined || afterScreen === undefined || further !== undefined) throw new Error('the layout must hold the language switch, then the screen, once each');
  const layout: RenderedLayout = { hints, parts: [beforeSwitch, beforeScreen, afterScreen] };
  memory.set(key, layout);
  return layout;
}

/**
 * Renders the page at `url`. With `memory`, a public page renders only its language switch and its
 * screen into a layout rendered once; without it (and for any address that is not a public page)
 * the whole tree is rendered, as the browser hydrates it.
 */
export function render(input: RenderInput, memory?: LayoutMemory): RenderResult {
  const facts: PageFacts = { status: 200 };
  const pathname = input.url.split('?')[0];
  if (!memory || !matchPublicRoute(pathname)) {
    return { html: renderToString(withPageContext(input, facts, <Suspense fallback={null}><AppRoutes /></Suspense>)), facts };
  }
  const { hints: layoutHints, parts: [beforeSwitch, beforeScreen, afterScreen] } = renderedLayout(input, memory, pathname);
  const languageSwitch = renderToString(withPageContext(input, { status: 200 }, <PublicRouter><LanguageSwitch /></PublicRouter>));
  const screen = renderToString(withPageContext(input, facts, <PublicRouter><PublicScreens /></PublicRouter>));
  const hints = LEADING_HINTS.exec(screen)?.[0] ?? '';
  return { html: `${layoutHints}${hints}${beforeSwitch}${languageSwitch}${beforeScreen}${screen.slice(hints.length)}${afterScreen}`, facts };
}
