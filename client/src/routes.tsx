// Every route of SPEC.md section 2. Public screens are in the main bundle; the login and the
// dashboard are separate chunks that a visitor never downloads.
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from './pages/public/HomePage';

const LoginPage = lazy(() => import('./pages/auth/LoginPage'));
const DashboardApp = lazy(() => import('./pages/dashboard/DashboardApp'));

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/login_page_2022" component={LoginPage} />
      <Route path="/dashboard" nest>
        <DashboardApp />
      </Route>
    </Switch>
  );
}
