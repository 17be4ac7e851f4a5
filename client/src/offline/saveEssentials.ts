// The page's side of the essentials (essentials.ts): once the service worker is active and the
// page has gone idle, it asks the worker to keep them (or to refresh them when its copy is old).
// The page fetches nothing itself: the first render and the page's own loading come first.
import type { EssentialsRequest } from './essentials';

/** How long the page waits for an idle moment before asking anyway. */
const IDLE_TIMEOUT_MS = 10_000;

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 2_000);
}

export function saveEssentialsWhenIdle(): void {
  void navigator.serviceWorker.ready.then((registration) => whenIdle(() => {
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    const request: EssentialsRequest = { landing: window.location.pathname + window.location.search, pictures: !connection?.saveData };
    registration.active?.postMessage({ type: 'save-essentials', request });
  }));
}
