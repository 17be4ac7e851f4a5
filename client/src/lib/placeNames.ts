// A city's name and a branch's address in the page's language: the Arabic form on Arabic pages when
// staff wrote one, else the Latin text, marked as such (lang="en") so a screen reader's Arabic voice
// does not spell it out.
import type { Language } from '@shared/domain';

export interface ShownText {
  text: string;
  /** Set only when the text is not in the page's language. */
  lang?: 'en';
}

export function shownIn(language: Language, latin: string, arabic: string | undefined): ShownText {
  if (language !== 'ar') return { text: latin };
  const written = arabic?.trim();
  return written ? { text: written } : { text: latin, lang: 'en' };
}

export const cityNameIn = (language: Language, city: { name: string; nameAr?: string }) => shownIn(language, city.name, city.nameAr);

export const branchAddressIn = (language: Language, branch: { address: string; addressAr?: string }) => shownIn(language, branch.address, branch.addressAr);
