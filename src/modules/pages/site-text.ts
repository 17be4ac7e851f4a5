// The site's name and description in both languages, from the web client's translation files,
// for page heads, feeds and anything else the server writes for machines.
import arabic from '../../../client/public/assets/locals/ar/translate.json';
import english from '../../../client/public/assets/locals/en/translate.json';
import type { Language } from '@shared/domain';

export interface SiteText {
  name: string;
  description: string;
}

export const siteText: Record<Language, SiteText> = {
  en: { name: english.site.name, description: english.site.description },
  ar: { name: arabic.site.name, description: arabic.site.description },
};

/** Open Graph locales of the two languages. */
export const OG_LOCALE: Record<Language, string> = { en: 'en_US', ar: 'ar_IQ' };
