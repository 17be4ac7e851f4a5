// The web app manifest: what a phone needs to install the public site to its home screen. It
// speaks the visitor's language (the same choice as the pages: the language cookie, else the
// browser's languages), so the icon on the home screen is named in the language they read. A page
// at a language address (/ar/...) names its language's manifest, which starts at that language's
// home page; all are one app (one id).
import type { Language } from '@shared/domain';
import { languageHomePath } from '@shared/public-paths';
import { siteText } from './site-text';

/** The site's dark palette, its default (client/src/styles/base.css). */
export const APP_THEME_COLOR = '#0b1f24';
export const APP_BACKGROUND_COLOR = '#0b1f24';

export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** Home-screen labels are cut after about 12 characters. */
const SHORT_NAME: Record<Language, string> = { en: 'Anti-Trafficking', ar: 'مكافحة الاتجار' };

export function appManifest(language: Language, atLanguageAddress = false) {
  const text = siteText[language];
  return {
    id: '/',
    name: text.name,
    short_name: SHORT_NAME[language],
    description: text.description,
    lang: language,
    dir: language === 'ar' ? 'rtl' : 'ltr',
    start_url: atLanguageAddress ? languageHomePath(language) : '/',
    scope: '/',
    display: 'standalone',
    theme_color: APP_THEME_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    icons: APP_ICONS,
  };
}
