// The quick exit (modelled on GOV.UK "Exit this page"): hide everything at once, then replace this
// history entry with a neutral site so Back does not return here.
import { forgetOfflineCopies } from '../offline/register';
import { appState } from '../state/app';

function hidePage(): void {
  const root = document.getElementById('root');
  if (root) root.style.display = 'none';
  document.title = '';
}

let exited = false;

export function quickExit(): void {
  exited = true;
  hidePage();
  window.location.replace(appState.settings.quickExitUrl);
  // After the navigation has started, never before: the saved pages go too (fire and forget).
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
