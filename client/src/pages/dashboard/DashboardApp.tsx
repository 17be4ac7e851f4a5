// /dashboard/* (docs/product-rules.md, Screens): exists only for a logged-in author or admin. A missing, expired
// or refused token sends the user to login with the current address, and login brings them back.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { useSnapshot } from 'valtio';
import { expireSession, isTokenExpired, session } from '../../state/session';
import { ConfirmDialog } from '../../components/dashboard/ConfirmDialog';
import { Toasts } from '../../components/dashboard/Toasts';
import { loginPathFor } from '../auth/loginRules';
import { OfflineNotice } from '../../offline/OfflineNotice';
import { Sidebar } from './Sidebar';
import { UsersPage } from './users/UsersPage';
import { ContentPage } from './content/ContentPage';
import { PostsPage } from './posts/PostsPage';
import { PostFormPage } from './posts/PostFormPage';
import { ContactPage } from './contact/ContactPage';
import { MapsPage } from './maps/MapsPage';
import { CityFormPage } from './maps/CityFormPage';
import { EmergencyPage } from './emergency/EmergencyPage';
import { RatingPage } from './rating/RatingPage';
import { VisitsPage } from './visits/VisitsPage';
import { AuditPage } from './audit/AuditPage';
import { ForcedPasswordChange } from './password/ForcedPasswordChange';
import { MyPasswordPage } from './password/MyPasswordPage';
import { SettingsPage } from './settings/SettingsPage';
import { ContentBundlesPage } from './bundles/ContentBundlesPage';
import './dashboard.css';

// Checked now and then so a token that runs out while the page is open still leads back to login.
const TOKEN_CHECK_MS = 30_000;

export default function DashboardApp() {
  const { t } = useTranslation('dashboard');
  const { userInfo } = useSnapshot(session);

  useEffect(() => {
    const check = () => {
      const token = session.userInfo?.token;
      if (token && isTokenExpired(token)) expireSession();
    };
    check();
    const timer = setInterval(check, TOKEN_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  if (!userInfo || (!userInfo.isAuthor && !userInfo.isAdmin) || isTokenExpired(userInfo.token)) {
    // '~' leaves the /dashboard nest: the login page lives at the site root.
    return <Redirect to={`~${loginPathFor(window.location.pathname + window.location.search)}`} replace />;
  }
  // After a reset nothing else is offered (the server refuses it anyway) until a new password is chosen.
  if (userInfo.mustChangePassword) return <ForcedPasswordChange />;
  const admin = userInfo.isAdmin;

  return (
    <div className="dash dash-shell">
      <a className="dash-skip" href="#dash-main">{t('common.skipToContent')}</a>
      <Sidebar admin={admin} />
      <main id="dash-main" className="dash-main" tabIndex={-1}>
        <OfflineNotice area="dashboard" />
        <Switch>
          <Route path="/users">{admin ? <UsersPage /> : <AdminOnly />}</Route>
          <Route path="/content" component={ContentPage} />
          <Route path="/posts" component={PostsPage} />
          <Route path="/posts/addpost">{() => <PostFormPage id={null} />}</Route>
          <Route path="/posts/:id">{(params) => <PostFormPage key={params.id} id={params.id} />}</Route>
          <Route path="/contact" component={ContactPage} />
          <Route path="/maps" component={MapsPage} />
          <Route path="/maps/addcity">{() => <CityFormPage id={null} />}</Route>
          <Route path="/maps/:id">{(params) => <CityFormPage key={params.id} id={params.id} />}</Route>
          <Route path="/emergency" component={EmergencyPage} />
          <Route path="/rating" component={RatingPage} />
          <Route path="/visits" component={VisitsPage} />
          <Route path="/audit">{admin ? <AuditPage /> : <AdminOnly />}</Route>
          <Route path="/settings">{admin ? <SettingsPage /> : <AdminOnly />}</Route>
          <Route path="/password" component={MyPasswordPage} />
          <Route path="/content-bundles">{admin ? <ContentBundlesPage /> : <AdminOnly />}</Route>
          <Route><Redirect to="/posts" replace /></Route>
        </Switch>
      </main>
      <Toasts />
      <ConfirmDialog />
    </div>
  );
}

function AdminOnly() {
  const { t } = useTranslation('dashboard');
  return <h1>{t('common.adminOnly')}</h1>;
}
