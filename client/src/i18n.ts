// Languages exactly as docs/product-rules.md, Behaviour and Constants say: en and ar, fallback en, detection order
// cookie, localStorage, sessionStorage, browser, html tag, path, subdomain, cached in the cookie i18next
// (lib/languageCookie.ts, which leaves it alone on a page at a language address such as /ar/about).
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@shared/domain';
import { rememberShownLanguage } from './lib/languageCookie';
import { SHELL_STRINGS } from './shellStrings';
import { PAGE_DATA_ELEMENT_ID } from './ssr/pageData';


/** Sets lang and dir on <html>, so the whole layout mirrors for Arabic. */
export function applyDocumentLanguage(language: string): void {
  const lang: Language = language === 'ar' ? 'ar' : 'en';
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

/**
 * A page rendered on the server is in the language the server chose (cookie, else the browser's
 * Accept-Language): the browser renders in that same language so hydration matches.
 */
function serverRenderedLanguage(): string | undefined {
  return document.getElementById(PAGE_DATA_ELEMENT_ID) ? document.documentElement.lang || undefined : undefined;
}

export const i18nReady = i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    lng: serverRenderedLanguage(),
    supportedLngs: [...LANGUAGES],
    fallbackLng: 'en',
    nonExplicitSupportedLngs: false,
    load: 'languageOnly',
    ns: ['translate'],
    defaultNS: 'translate',
    // The shell's strings are here from the first render, in their own namespace that any string
    // falls back to while the full files load (a bundled 'translate' would stop them loading).
    resources: { en: { shell: SHELL_STRINGS.en }, ar: { shell: SHELL_STRINGS.ar } },
    fallbackNS: 'shell',
    partialBundledLanguages: true,
    // Never a raw key on screen: a string that is not (yet) there reads as nothing.
    parseMissingKeyHandler: () => '',
    // docs/product-rules.md, API: a failed load with a 5xx or no status is retried up to 5 times, the delay
    // doubling from 350 ms; the http backend marks 4xx answers as not retryable.
    maxRetries: 5,
    retryTimeout: 350,
    backend: { loadPath: '/assets/locals/{{lng}}/{{ns}}.json' },
    detection: {
      order: ['cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag', 'path', 'subdomain'],
      lookupCookie: 'i18next',
      // Kept by languageChanged below: the detector would keep it on every address.
      caches: [],
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

function showLanguage(language: string): void {
  applyDocumentLanguage(language);
  rememberShownLanguage(language === 'ar' ? 'ar' : 'en');
}

i18n.on('languageChanged', showLanguage);
// With the shell's strings built in, the language may already be chosen before the line above.
if (i18n.language) showLanguage(i18n.language);

export default i18n;
