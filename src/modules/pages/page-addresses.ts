// What a page tells machines about its addresses (src/shared/public-paths.ts has the rule): the
// canonical address, in the page's own language, and the hreflang alternates, each language's
// address including its own, plus `x-default`, the unprefixed address whose language follows the
// visitor. The page head and the sitemap both build them here, so they always agree.
import { LANGUAGES, type Language, type PageFacts } from '@shared/domain';
import { languagePath, withoutLanguage } from '@shared/public-paths';

export type Hreflang = Language | 'x-default';

export interface PageAddresses {
  /** Path (and query) search engines should keep for this page. */
  canonical: string;
  /** The language of the canonical address (og:locale). */
  language: Language;
  /** Every language version, this one included, then x-default; paths of this site. */
  alternates: Array<{ hreflang: Hreflang; path: string }>;
}

/**
 * A page shown the same in every language (a fixed page, a city, a list): one address per
 * language and the unprefixed one as x-default. `page` is the canonical path without prefix.
 */
export function sharedPageAddresses(page: string, language: Language): PageAddresses {
  const bare = withoutLanguage(page);
  return {
    canonical: languagePath(language, bare),
    language,
    alternates: [...LANGUAGES.map((other) => ({ hreflang: other, path: languagePath(other, bare) })), { hreflang: 'x-default' as const, path: bare }],
  };
}

/**
 * A post is written in one language: its canonical address is in that language whatever the
 * interface (`/ar/p/{id}` for an Arabic post, even opened at `/en/p/{id}`), and its other
 * language is its translation, another post, when it has one. x-default is the English post's
 * unprefixed address (the language unprefixed addresses fall back to), the same on both pages
 * of a pair, so the two agree as search engines require.
 */
export function postAddresses(page: string, postLanguage: Language, translations: Array<{ language: Language; path: string }>): PageAddresses {
  const own = { language: postLanguage, path: withoutLanguage(page) };
  const versions = [own, ...translations.filter((version) => version.language !== postLanguage)];
  const byLanguage = LANGUAGES.map((language) => versions.find((version) => version.language === language)).filter((version) => !!version);
  const fallback = versions.find((version) => version.language === 'en') ?? own;
  return {
    canonical: languagePath(postLanguage, own.path),
    language: postLanguage,
    alternates: [
      ...byLanguage.map((version) => ({ hreflang: version.language, path: languagePath(version.language, version.path) })),
      { hreflang: 'x-default', path: fallback.path },
    ],
  };
}

/** The addresses of a rendered page: `page` is its canonical path (with or without prefix), `language` the one it is shown in. */
export function pageAddressesOf(page: string, language: Language, facts: Pick<PageFacts, 'contentLanguage' | 'alternates'>): PageAddresses {
  return facts.contentLanguage
    ? postAddresses(page, facts.contentLanguage, facts.alternates ?? [])
    : sharedPageAddresses(page, language);
}
