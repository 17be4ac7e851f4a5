// The titles of the site's fixed pages in the reader's language, for the visits report: the same
// words the pages show (the web client's translation files), so "/about" reads "About us" or
// "من نحن". Posts and cities are named from the database (labels.ts).
import arabic from '../../../client/public/assets/locals/ar/translate.json';
import english from '../../../client/public/assets/locals/en/translate.json';
import { POST_TYPES, type Language } from '@shared/domain';

type Texts = typeof english;

/** The public translation key of each post type's list ('Flyer And Brochure' is 'Flyer' there). */
const POST_TYPE_KEYS: Record<(typeof POST_TYPES)[number], keyof Texts['postTypes']> = {
  International: 'International', Iraq: 'Iraq', Training: 'Training', Guide: 'Guide', Form: 'Form', 'Flyer And Brochure': 'Flyer',
};

const FIXED: Record<string, (texts: Texts) => string> = {
  '/': (texts) => texts.nav.home,
  '/about': (texts) => texts.about.title,
  '/ht': (texts) => texts.ht.title,
  '/international': (texts) => texts.international.title,
  '/servicemap': (texts) => texts.servicemap.title,
  '/useful_tools': (texts) => texts.tools.title,
  '/seeking_help': (texts) => texts.help.title,
  '/trainingtool': (texts) => texts.trainingtool.title,
  '/assessmentform': (texts) => texts.assessmentform.title,
  '/contact': (texts) => texts.contact.title,
  '/search': (texts) => texts.search.title,
  '/browse-safely': (texts) => texts.safely.title,
  '/test': (texts) => texts.ratingTest.title,
  '/e/emergency': (texts) => texts.emergencyPage.emergency,
  '/e/vot': (texts) => texts.emergencyPage.vot,
};

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The title of a fixed page or a post type's list, or null (a post, a city, an unknown address). */
export function fixedPageTitle(path: string, language: Language): string | null {
  const texts = (language === 'ar' ? arabic : english) as Texts;
  // The site's addresses ignore case and a trailing slash, as its router does.
  const key = decoded(path).replace(/(.)\/+$/, '$1').toLowerCase();
  const fixed = FIXED[key];
  if (fixed) return fixed(texts);
  const type = /^\/posts\/(.+)$/.exec(decoded(path))?.[1];
  const known = POST_TYPES.find((candidate) => candidate === type);
  return known ? texts.postTypes[POST_TYPE_KEYS[known]] : null;
}
