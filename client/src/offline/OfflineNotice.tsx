// The offline notice, in both languages (the saved copy may be in the other one): shown while the
// browser is offline, or when the page itself is a saved copy. The service worker marks saved
// copies on <html> and the stylesheet then shows the notice the server's page already carries, so
// it is there from the first paint, before any script runs. Once the page runs, the text is only
// present while offline, so screen readers hear it arrive.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/domain';
import { useHydrated } from '../lib/useHydrated';
import { SHELL_STRINGS } from '../shellStrings';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOffline = () => !navigator.onLine || document.documentElement.hasAttribute('data-offline-copy');

export function OfflineNotice({ area }: { area: 'public' | 'dashboard' }) {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  const other = language === 'ar' ? 'en' : 'ar';
  // Both languages' texts are built in (shellStrings.ts): the same on the server and in the browser,
  // whichever translation files the browser has loaded.
  const textIn = (lang: Language) => SHELL_STRINGS[lang].offline[area === 'public' ? 'public' : 'dashboard'];
  const withText = !hydrated || offline;
  return (
    <div role="status" className="offline-notice" data-offline={hydrated && offline ? 'true' : undefined}>
      {withText && (
        <>
          <span>{textIn(language)}</span>{' '}
          <span lang={other} dir={other === 'ar' ? 'rtl' : 'ltr'}>{textIn(other)}</span>
        </>
      )}
    </div>
  );
}
