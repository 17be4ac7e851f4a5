// The quick exit (modelled on GOV.UK "Exit this page"): hide everything at once, replace the tab's
// one history entry of the site (lib/singleEntryHistory.ts) with the neutral site, so Back does
// not return here, and leave nothing behind that the site can remove. The same steps run from
// client/public/boot.js for a tap before the application has started.
import { forgetOfflineCopies } from '../offline/register';
import { appState } from '../state/app';

function hidePage(): void {
  const root = document.getElementById('root');
  if (root) root.style.display = 'none';
  document.title = '';
}

/** Every cookie the page can see (the language cookie i18next), and the site's browser storage. */
export function forgetStoredTraces(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
  }
  for (const storage of ['localStorage', 'sessionStorage'] as const) {
    try {
      window[storage].clear();
    } catch {
      // Storage refused (private mode): nothing was kept there either.
    }
  }
}

let exited = false;

export function quickExit(): void {
  exited = true;
  hidePage();
  window.location.replace(appState.settings.quickExitUrl);
  // The navigation has started; this script still runs before the page is replaced. Cookies and
  // storage go at once (microseconds); the saved pages are deleted without being waited for.
  forgetStoredTraces();
  forgetOfflineCopies();
}

/**
 * A page restored from the back-forward cache after a quick exit would show again: hide it and
 * leave once more. (A normal Back to this site after ordinary browsing is left alone.)
 */
export function guardBackForwardCache(): void {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && exited) quickExit();
  });
}
