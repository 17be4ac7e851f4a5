import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Self-hosted fonts, subset by script (scripts/make-fonts.mjs); the Arabic face is only named (and
// so only downloaded) on Arabic pages and in Arabic posts.
import './styles/fonts.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import type { Settings } from '@shared/api-types';
import { apiPaths } from './api/paths';
import i18n, { i18nReady } from './i18n';
import { guardBackForwardCache } from './lib/quickExit';
import { registerOfflineWorker } from './offline/register';
import { preloadScreen } from './publicRoutes';
import { AppRoutes } from './routes';
import { PreparedData, PreparedDataContext } from './ssr/context';
import { readPageData } from './ssr/pageData';
import { appState, startApp } from './state/app';

const pageData = readPageData();
const settings = pageData?.answers[apiPaths.settings];
startApp(settings && 'data' in settings ? settings.data as Settings : undefined);
appState.language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
i18n.on('languageChanged', (language) => { appState.language = language === 'ar' ? 'ar' : 'en'; });
guardBackForwardCache();
registerOfflineWorker();

const prepared = pageData ? new PreparedData(pageData.answers) : null;
const app = (
  <StrictMode>
    <PreparedDataContext.Provider value={prepared}>
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </PreparedDataContext.Provider>
  </StrictMode>
);

const container = document.getElementById('root')!;
if (pageData) {
  // The server's HTML is already on screen: hydrate once the screen's chunk and the texts are
  // here, so the first render in the browser is exactly the server's.
  void Promise.allSettled([preloadScreen(window.location.pathname), i18nReady]).then(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('Hydration:', error),
    });
  });
} else {
  // The dashboard and the login are rendered in the browser only.
  createRoot(container).render(app);
}
