import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
// Self-hosted fonts: only the weights and scripts the site uses; the Arabic face is only named
// (and so only downloaded) for Arabic pages.
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-naskh-arabic/arabic-400.css';
import '@fontsource/noto-naskh-arabic/arabic-700.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import i18n from './i18n';
import { guardBackForwardCache } from './lib/quickExit';
import { AppRoutes } from './routes';
import { appState, startApp } from './state/app';

startApp();
appState.language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
i18n.on('languageChanged', (language) => { appState.language = language === 'ar' ? 'ar' : 'en'; });
guardBackForwardCache();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <AppRoutes />
    </Suspense>
  </StrictMode>,
);
