// The visitor's site: one layout (header, quick exit, 533 button, rating modal) around the public
// screens. Only the home screen is in the first download; every other screen is a small chunk.
import { lazy, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { useShellTranslation } from './i18n';
import { Route, Switch, useLocation } from 'wouter';
import { EmergencyButton } from './components/EmergencyButton';
import { RatingModal } from './components/RatingModal';
import { Loading } from './components/Status';
import { TopBar, type HeaderVariant } from './components/TopBar';
import { HomePage } from './pages/public/HomePage';

type Loader = () => Promise<Record<string, unknown>>;
/** Lazy screen from a named or default export. */
function screen(load: Loader, name = 'default'): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const loadContent: Loader = () => import('./pages/public/ContentPage');
const loadLinks: Loader = () => import('./pages/public/LinkButtonsPage');
const loadSmall: Loader = () => import('./pages/public/SmallPages');

const AboutPage = screen(loadContent);
const HumanTraffickingPage = screen(loadContent, 'HumanTraffickingPage');
const InternationalPage = screen(loadLinks);
const UsefulToolsPage = screen(loadLinks, 'UsefulToolsPage');
const SeekingHelpPage = screen(loadLinks, 'SeekingHelpPage');
const StaticTitlePage = screen(loadLinks, 'StaticTitlePage') as unknown as ComponentType<{ titleKey: string }>;
const ServiceMapPage = screen(() => import('./pages/public/ServiceMapPage'));
const CityPage = screen(() => import('./pages/public/CityPage'));
const ContactPage = screen(() => import('./pages/public/ContactPage'));
const SearchPage = screen(() => import('./pages/public/SearchPage'));
const PostsPage = screen(() => import('./pages/public/PostsPage'));
const PostDetailPage = screen(() => import('./pages/public/PostDetailPage'));
const EmergencyPage = screen(() => import('./pages/public/EmergencyPage'));
const BrowseSafelyPage = screen(loadSmall);
const RatingTestPage = screen(loadSmall, 'RatingTestPage');
const NotFoundPage = screen(loadSmall, 'NotFoundPage');

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
      <TopBar variant={headerVariantFor(location)} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/about" component={AboutPage} />
            <Route path="/ht" component={HumanTraffickingPage} />
            <Route path="/international" component={InternationalPage} />
            <Route path="/servicemap" component={ServiceMapPage} />
            <Route path="/maps/:city" component={CityPage} />
            <Route path="/useful_tools" component={UsefulToolsPage} />
            <Route path="/seeking_help" component={SeekingHelpPage} />
            <Route path="/trainingtool"><StaticTitlePage titleKey="trainingtool.title" /></Route>
            <Route path="/assessmentform"><StaticTitlePage titleKey="assessmentform.title" /></Route>
            <Route path="/contact" component={ContactPage} />
            <Route path="/search" component={SearchPage} />
            <Route path="/posts/:type" component={PostsPage} />
            <Route path="/p/:id" component={PostDetailPage} />
            <Route path="/e/:type" component={EmergencyPage} />
            <Route path="/browse-safely" component={BrowseSafelyPage} />
            <Route path="/test" component={RatingTestPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </main>
      <EmergencyButton />
      <RatingModal />
    </div>
  );
}
