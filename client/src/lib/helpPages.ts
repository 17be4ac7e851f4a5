// The pages a visitor in need opens: the emergency numbers, seeking help, the service map with its
// cities, and contact. Nothing opens by itself over them (the website rating prompt waits until
// the visitor is elsewhere), at any of their addresses (/e/VOT, /ar/e/VOT, /en/e/VOT).
import { withoutLanguage } from '@shared/public-paths';

const HELP_PAGE = /^\/(e\/[^/]+|seeking_help|servicemap|maps\/[^/]+|contact)\/?$/i;

export function isHelpPage(path: string): boolean {
  return HELP_PAGE.test(withoutLanguage(path));
}
