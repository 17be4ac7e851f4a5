// The page's own Back link, on every page but home: the site keeps one entry in the tab's history
// (lib/singleEntryHistory.ts), so the browser's Back leaves the site and this link moves back
// inside it. It leads to the page opened before this one in this tab, else to the page this one
// belongs under (the server, which knows no trail, renders that one).
import type { MouseEvent } from 'react';
import { useLocation, useRouter } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useHydrated } from '../lib/useHydrated';
import { BACK_NAVIGATION, pagesBefore } from '../lib/singleEntryHistory';
import { useShellTranslation } from '../lib/useShellTranslation';
import { BackIcon } from './icons';

/** The page an address belongs under, for a visitor who opened it directly. */
export function parentPageOf(path: string): string {
  if (/^\/e\/|^\/browse-safely$/i.test(path)) return '/seeking_help';
  if (/^\/maps\//i.test(path)) return '/servicemap';
  if (/^\/posts\/(Iraq|International)$/i.test(path)) return '/international';
  if (/^\/posts\//i.test(path)) return '/useful_tools';
  return '/';
}

export function BackLink() {
  const { t } = useShellTranslation();
  const [location, navigate] = useLocation();
  const { base } = useRouter();
  const hydrated = useHydrated();
  useHistoryState(); // renders again when the trail changes
  if (location === '/') return null;
  // The trail holds whole addresses; the parent page is in this page's language (the router's base).
  const href = (hydrated ? pagesBefore().at(-1) : undefined) ?? base + parentPageOf(location);
  const goBack = (event: MouseEvent) => {
    event.preventDefault();
    navigate(`~${href}`, { state: BACK_NAVIGATION });
  };
  return (
    <p className="back-link">
      <a href={href} onClick={goBack}>
        <BackIcon size={18} />
        {t('nav.back')}
      </a>
    </p>
  );
}
