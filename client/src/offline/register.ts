// The page's side of the offline copy: registers the service worker (production builds, public
// pages, after the page is painted and loaded, so it never slows the first load), has it save the
// essentials once the page is idle, moves to a new version only at a navigation, and forgets
// everything at the quick exit.
import { saveEssentialsWhenIdle } from './saveEssentials';

const WORKER_URL = '/sw.js';
const STAFF_PATH = /^\/(dashboard|login_page_2022)(\/|$)/i;

let reloadOnNextNavigation = false;

function swapOnNavigation(registration: ServiceWorkerRegistration): void {
  // A page of version N runs N's scripts: when another tab activated N+1, this page must load
  // its next screen as a whole new page (HTML and scripts of N+1 together), not as a chunk of N.
  // The first worker taking an uncontrolled page is no change of version: only a replacement counts.
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controller) reloadOnNextNavigation = true;
    controller = navigator.serviceWorker.controller;
  });
  document.addEventListener('click', (event) => {
    const waiting = registration.waiting;
    if (!waiting && !reloadOnNextNavigation) return;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return;
    if (STAFF_PATH.test(link.pathname) || link.pathname === window.location.pathname && link.hash) return;
    // The next screen is a full page load of the new version: the waiting worker takes over first.
    // The load replaces the tab's entry, as every move inside the site does (lib/singleEntryHistory.ts).
    event.preventDefault();
    event.stopPropagation();
    const go = () => window.location.replace(link.href);
    if (!waiting) return go();
    navigator.serviceWorker.addEventListener('controllerchange', go, { once: true });
    waiting.postMessage({ type: 'skip-waiting' });
    // Should the worker not answer, the visitor still gets their page.
    setTimeout(go, 1500);
  }, true);
}

export function registerOfflineWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || STAFF_PATH.test(window.location.pathname)) return;
  const register = () => {
    navigator.serviceWorker.register(WORKER_URL, { scope: '/' })
      .then((registration) => {
        swapOnNavigation(registration);
        saveEssentialsWhenIdle();
      })
      .catch(() => {
        // Plain HTTP on a LAN address is not a secure context: the site works, only not offline.
      });
  };
  const afterLoad = () => setTimeout(register, 0);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * The quick exit leaves first; then this asks the worker to delete every saved page and to
 * unregister, so no trace of the site stays on the phone. A message is queued at once and the
 * worker finishes on its own after the page is gone: the exit never waits for it.
 */
export function forgetOfflineCopies(): void {
  try {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.controller?.postMessage({ type: 'forget' });
    void navigator.serviceWorker.getRegistrations().then((registrations) => {
      for (const registration of registrations) {
        registration.active?.postMessage({ type: 'forget' });
        void registration.unregister();
      }
    });
    void caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('offline-')).map((name) => caches.delete(name))));
  } catch {
    // Never let the clean-up stand in the way of the exit.
  }
}
