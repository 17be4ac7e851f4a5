// Kept apart from i18n.ts, which starts the browser's i18next when imported: the server render
// imports the same components and brings its own i18next instance.
import { useTranslation } from 'react-i18next';

/**
 * For the app shell: renders at once from the built-in strings instead of suspending until the
 * translation files arrive (pages still wait for them, behind a loading line).
 */
export function useShellTranslation() {
  return useTranslation('translate', { useSuspense: false });
}
