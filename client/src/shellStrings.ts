// The app shell's strings in both languages, built into the main bundle: the top bar, language
// switch, quick exit, 533 button, rating prompt, offline notice (shown in both languages at once),
// status lines and the home menu render at once from these, and stay right if the full
// translation files never arrive. They are the same sections
// of the same translation files (only these sections enter the bundle), so they cannot drift.
import { common as commonEn, emergency as emergencyEn, home as homeEn, language as languageEn, nav as navEn, offline as offlineEn, quickExit as quickExitEn, rating as ratingEn, site as siteEn, status as statusEn, theme as themeEn } from '../public/assets/locals/en/translate.json';
import { common as commonAr, emergency as emergencyAr, home as homeAr, language as languageAr, nav as navAr, offline as offlineAr, quickExit as quickExitAr, rating as ratingAr, site as siteAr, status as statusAr, theme as themeAr } from '../public/assets/locals/ar/translate.json';

export const SHELL_STRINGS = {
  en: { site: siteEn, home: homeEn, nav: navEn, offline: offlineEn, language: languageEn, theme: themeEn, emergency: emergencyEn, quickExit: quickExitEn, rating: ratingEn, common: commonEn, status: statusEn },
  ar: { site: siteAr, home: homeAr, nav: navAr, offline: offlineAr, language: languageAr, theme: themeAr, emergency: emergencyAr, quickExit: quickExitAr, rating: ratingAr, common: commonAr, status: statusAr },
};
