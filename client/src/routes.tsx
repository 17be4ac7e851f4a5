// Every route of docs/product-rules.md, Screens. The login and the dashboard are separate chunks that a visitor
// never downloads; the public site is in PublicApp.
import { lazy, useContext, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { isStaffPath, sendEvent } from './lib/events';
import PublicApp from './PublicApp';
import { PreparedDataContext } from './ssr/context';

const LoginPage = lazy(() => import('./pages/auth/LoginPage'));
const DashboardApp = lazy(() => import('./pages/dashboard/DashboardApp'));

/** Each route change of the public site is a page view for this site's own analytics (POST /api/events). */
function PageViews() {
  const [location] = useLocation();
  useEffect(() => { if (!isStaffPath(location)) sendEvent('pageview', location); }, [location]);
  return null;
}

/** The server's answers describe the page as loaded: another page loads its own. */
function ForgetPreparedDataOnNavigation() {
  const prepared = useContext(PreparedDataContext);
  const [location] = useLocation();
  const [first] = useState(location);
  useEffect(() => { if (location !== first) prepared?.forget(); }, [location, first, prepared]);
  return null;
}

/** Marks the document once the app runs (hydrated or rendered): tests wait for it before typing or clicking. */
function MarkAppReady() {
  useEffect(() => { document.documentElement.dataset.appReady = 'true'; }, []);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <PageViews />
      <ForgetPreparedDataOnNavigation />
      <MarkAppReady />
      <Switch>
        <Route path="/login_page_2022" component={LoginPage} />
        <Route path="/dashboard" nest>
          <DashboardApp />
        </Route>
        <Route component={PublicApp} />
      </Switch>
    </>
  );
}
