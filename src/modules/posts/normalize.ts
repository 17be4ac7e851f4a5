// One normalisation for Arabic and English search, applied when a post is indexed AND to every
// query, so both sides meet in the same form: "الاتجار" finds "الاتّجار" and "الإتجار".

/** Harakat, superscript alef and Quranic annotation marks: optional in written Arabic. */
const ARABIC_DIACRITICS = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
/** أ إ آ ٱ are spelt interchangeably with a bare alef. */
const ALEF_FORMS = /[\u0623\u0625\u0622\u0671]/g;
const TA_MARBUTA = /\u0629/g;
const ALEF_MAQSURA = /\u0649/g;

export function normalizeForSearch(text: string): string {
  return text
    // NFKC first: presentation forms and ligatures become ordinary letters.
    .normalize('NFKC')
    .replace(ARABIC_DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(TA_MARBUTA, '\u0647')
    .replace(ALEF_MAQSURA, '\u064A')
    .toLowerCase();
}
