// The visitor's language choice, kept in the cookie the server reads for unprefixed addresses
// (src/modules/pages/language.ts) and the quick exit deletes. Written by the language switch, and
// by a page at an unprefixed address in the language it is shown in (as i18next always did); a
// page at a language address (/ar/about) leaves it alone: following a link is no choice.
import type { Language } from '@shared/domain';
import { addressLanguageOf } from '@shared/public-paths';

export const LANGUAGE_COOKIE = 'i18next';

export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Strict`;
}

/** A language the interface is now shown in: kept as the choice unless the address names its own. */
export function rememberShownLanguage(language: Language): void {
  if (!addressLanguageOf(window.location.pathname)) rememberLanguage(language);
}
