// The bilingual notice shown while the browser is offline, or when the page itself is a saved copy
// (the service worker marks those on <html>). Rendered after hydration only: the server never
// knows that the visitor is offline.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../lib/useHydrated';

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
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  return (
    <div role="status" className="offline-notice" hidden={!hydrated || !offline}>
      {hydrated && offline ? t(area === 'public' ? 'offline.public' : 'offline.dashboard') : null}
    </div>
  );
}
