// The server render of the public pages (built with `vite build --ssr` next to the client). The
// server loads the data a page reads (dataForPage names it), renders the same components the
// browser hydrates, and builds the <head> from the facts the page reported.
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import type { Language } from '@shared/domain';
import arabic from '../public/assets/locals/ar/translate.json';
import english from '../public/assets/locals/en/translate.json';
import { NotFoundScreen, PUBLIC_ROUTES, dataForPage } from './publicRoutes';
import { AppRoutes } from './routes';
import { PageFactsContext, PreparedData, PreparedDataContext, type PageFacts, type PreparedAnswers } from './ssr/context';

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

export function render({ url, language, answers }: RenderInput): RenderResult {
  const [pathname, search = ''] = url.split('?');
  const facts: PageFacts = { status: 200 };
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18nByLanguage[language]}>
        <PageFactsContext.Provider value={facts}>
          <PreparedDataContext.Provider value={new PreparedData(answers)}>
            <Router ssrPath={pathname} ssrSearch={search}>
              <Suspense fallback={null}>
                <AppRoutes />
              </Suspense>
            </Router>
          </PreparedDataContext.Provider>
        </PageFactsContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
  return { html, facts };
}
