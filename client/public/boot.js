// Loads the web client once the server's page has been painted, so a slow phone shows the page
// without waiting for the application's JavaScript, which then hydrates it. The server names the
// application's entry file in data-app-entry (see src/modules/pages/document.ts).
const entry = document.querySelector('script[data-app-entry]')?.getAttribute('data-app-entry');
if (entry && entry.startsWith('/assets/')) requestAnimationFrame(() => setTimeout(() => import(entry)));
