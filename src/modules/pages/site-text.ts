// The site's name and description in both languages, from the web client's translation files,
// for page heads, feeds and anything else the server writes for machines.
import arabic from '../../../client/public/assets/locals/ar/translate.json';
import english from '../../../client/public/assets/locals/en/translate.json';
import type { Language } from '@shared/domain';

export interface SiteText {
  name: string;
  description: string;
  /** What the site's default link-preview picture shows (og:image:alt). */
  shareImageAlt: string;
}

export const siteText: Record<Language, SiteText> = {
  en: { name: english.site.name, description: english.site.description, shareImageAlt: english.site.shareImageAlt },
  ar: { name: arabic.site.name, description: arabic.site.description, shareImageAlt: arabic.site.shareImageAlt },
};

/**
 * The site's own link-preview picture (client/public/share-image.png, drawn by
 * scripts/make-icons.mjs), for every page without a picture of its own.
 */
export const DEFAULT_SHARE_IMAGE = { path: '/share-image.png', width: 1200, height: 630 } as const;

/** Open Graph locales of the two languages. */
export const OG_LOCALE: Record<Language, string> = { en: 'en_US', ar: 'ar_IQ' };
