// The visitor's site: the safety band (quick exit and 533) above an area where the page scrolls
// (header, Back link, screen), with the website rating prompt. Moving between pages replaces the
// tab's history entry (lib/singleEntryHistory.ts). Only the home screen is in the first download;
// every other screen is a small chunk. A page at a language address (/ar/about) is the same screen
// under a router whose base is the prefix: every link inside it keeps the language, and the
// interface is in that language whatever the visitor chose before (@shared/public-paths).
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import type { Language } from '@shared/domain';
import { addressLanguageOf } from '@shared/public-paths';
import { BackLink, parentPageOf } from './components/BackLink';
import { NAV_LINKS } from './components/navLinks';
import { RatingPrompt } from './components/RatingPrompt';
import { SafetyBar } from './components/SafetyBar';
import { Loading } from './components/Status';
import { TopBar, type HeaderVariant } from './components/TopBar';
import { useRawPathname } from './lib/pageAddress';
import { PAGE_SCROLLER_ID, scrollPageToTop, useKeyboardScrollsPage } from './lib/pageScroller';
import { useShellTranslation } from './lib/useShellTranslation';
import { navigateInPlace, useLinksReplaceTheEntry } from './lib/singleEntryHistory';
import { OfflineNotice } from './offline/OfflineNotice';
import { NotFoundScreen, PUBLIC_ROUTES } from './publicRoutes';
import { useLayoutSlots } from './ssr/layoutSlots';

/** Header colour per page (docs/product-rules.md, Screens: none, white, black, side). */
export function headerVariantFor(path: string): HeaderVariant {
  if (path === '/') return 'none';
  if (/^\/(about|ht|contact|browse-safely)$/.test(path)) return 'white';
  if (/^\/(posts|p|search|international|useful_tools)(\/|$)/.test(path)) return 'side';
  return 'black';
}

/**
 * What the layout around the screen (safety band, header, Back link) shows of an address within its
 * language (the router's base), as one key: pages with the same key, language and address
 * language have the same layout, word for word, but for the language switch's links (rendered
 * with each page), so the server renders it once (entry-server.tsx). The layout reads the address
 * only for the header's colour, the menu's current link and the Back link's page: a new use of it
 * belongs here too (the page tests compare the layout made once with each page rendered whole).
 */
export function layoutKeyOf(location: string): string {
  // Home and the menu's own pages mark their link as current: each is a layout of its own.
  if (location === '/' || NAV_LINKS.some((link) => link.href === location)) return location;
  return `${headerVariantFor(location)} ${parentPageOf(location)}`;
}

/**
 * After a client-side navigation the new screen starts at its top and takes the focus, as a page
 * load would do (for screen readers too).
 */
function useNewScreenOnNavigation(path: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    scrollPageToTop();
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [path]);
}

/**
 * Moving to another language's address (a post's translation, the Back link's trail) shows the
 * interface in that language. On the server, and when hydrating, it already is.
 */
function useLanguageOfAddress(language: Language | null) {
  const { i18n } = useShellTranslation();
  useEffect(() => {
    if (language && i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
}

/** The router of the public site: at a language address, its prefix is the base of every link. */
export function PublicRouter({ children }: { children: ReactNode }) {
  const addressLanguage = addressLanguageOf(useRawPathname());
  useLanguageOfAddress(addressLanguage);
  return (
    <Router base={addressLanguage ? `/${addressLanguage}` : ''} aroundNav={navigateInPlace}>
      {children}
    </Router>
  );
}

export default function PublicApp() {
  return <PublicRouter><PublicLayout /></PublicRouter>;
}

/** The screen at the current address (the not-found screen for any other). */
export function PublicScreens() {
  return (
    <Switch>
      {PUBLIC_ROUTES.map(({ path, screen: Screen, props }) => (
        <Route key={path} path={path}><Screen {...props} /></Route>
      ))}
      <Route><NotFoundScreen /></Route>
    </Switch>
  );
}

/** The layout around the screen; the server renders it with stand-ins (entry-server.tsx, ssr/layoutSlots.ts). */
function PublicLayout() {
  const slots = useLayoutSlots();
  const [location] = useLocation();
  useNewScreenOnNavigation(location);
  useKeyboardScrollsPage();
  useLinksReplaceTheEntry();
  return (
    <div className="public-app">
      <SafetyBar />
      <div className="page-area">
        <div id={PAGE_SCROLLER_ID} className="page-scroll" tabIndex={-1}>
          <OfflineNotice area="public" />
          <TopBar variant={headerVariantFor(location)} />
          <main id="main" tabIndex={-1}>
            <BackLink />
            <Suspense fallback={<Loading />}>{slots?.screen ?? <PublicScreens />}</Suspense>
          </main>
        </div>
        <RatingPrompt />
      </div>
    </div>
  );
}
