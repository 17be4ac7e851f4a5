// The visitor's site: one layout (header, quick exit, 533 button, rating modal) around the public
// screens. Only the home screen is in the first download; every other screen is a small chunk.
import { Suspense, useEffect, useRef } from 'react';
import { useShellTranslation } from './lib/useShellTranslation';
import { Route, Switch, useLocation } from 'wouter';
import { EmergencyButton } from './components/EmergencyButton';
import { RatingModal } from './components/RatingModal';
import { Loading } from './components/Status';
import { OfflineNotice } from './offline/OfflineNotice';
import { TopBar, type HeaderVariant } from './components/TopBar';
import { NotFoundScreen, PUBLIC_ROUTES } from './publicRoutes';

/** Header colour per page (docs/product-rules.md, Screens: none, white, black, side). */
export function headerVariantFor(path: string): HeaderVariant {
  if (path === '/') return 'none';
  if (/^\/(about|ht|contact|browse-safely)$/.test(path)) return 'white';
  if (/^\/(posts|p|search|international|useful_tools)(\/|$)/.test(path)) return 'side';
  return 'black';
}

/** After a client-side navigation, focus moves to the new screen, as a page load would do for screen readers. */
function useFocusOnNavigation(path: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [path]);
}

export default function PublicApp() {
  const { t } = useShellTranslation();
  const [location] = useLocation();
  useFocusOnNavigation(location);
  return (
    <div className="public-app">
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <OfflineNotice area="public" />
      <TopBar variant={headerVariantFor(location)} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Switch>
            {PUBLIC_ROUTES.map(({ path, screen: Screen, props }) => (
              <Route key={path} path={path}><Screen {...props} /></Route>
            ))}
            <Route><NotFoundScreen /></Route>
          </Switch>
        </Suspense>
      </main>
      <EmergencyButton />
      <RatingModal />
    </div>
  );
}
