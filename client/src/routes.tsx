// Every route of docs/product-rules.md, Screens. The login and the dashboard are separate chunks that a visitor
// never downloads; the public site is in PublicApp.
import { lazy, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { isStaffPath, sendEvent } from './lib/events';
import PublicApp from './PublicApp';

const LoginPage = lazy(() => import('./pages/auth/LoginPage'));
const DashboardApp = lazy(() => import('./pages/dashboard/DashboardApp'));

/** Each route change of the public site is a page view for this site's own analytics (POST /api/events). */
function PageViews() {
  const [location] = useLocation();
  useEffect(() => { if (!isStaffPath(location)) sendEvent('pageview', location); }, [location]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <PageViews />
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
