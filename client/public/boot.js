// Loads the web client once the server's page has been painted, so a slow phone shows the page
// without waiting for the application's JavaScript, which then hydrates it. The server names the
// application's entry file in data-app-entry (see src/modules/pages/document.ts).
const entry = document.querySelector('script[data-app-entry]')?.getAttribute('data-app-entry');
if (entry && entry.startsWith('/assets/')) requestAnimationFrame(() => setTimeout(() => import(entry)));

// The quick exit tapped before the application runs (seconds on a slow phone): the same steps as
// client/src/lib/quickExit.ts, which takes over once the page is hydrated (its click handler
// prevents the default, so this one stands back). Leave first, replacing the tab's entry, then
// forget the cookies, the storage and the offline copy.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a.quick-exit[href]') : null;
  if (!link || event.defaultPrevented || event.button !== 0) return;
  event.preventDefault();
  const root = document.getElementById('root');
  if (root) root.style.display = 'none';
  document.title = '';
  location.replace(link.href);
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
  }
  for (const storage of ['localStorage', 'sessionStorage']) {
    try { window[storage].clear(); } catch { /* storage refused: nothing was kept there */ }
  }
  try {
    navigator.serviceWorker?.controller?.postMessage({ type: 'forget' });
    navigator.serviceWorker?.getRegistrations().then((all) => all.forEach((registration) => registration.unregister()));
    caches.keys().then((names) => names.filter((name) => name.startsWith('offline-')).forEach((name) => caches.delete(name)));
  } catch { /* never in the way of the exit */ }
});
