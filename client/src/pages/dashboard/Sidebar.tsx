// The sidebar of docs/product-rules.md, Screens: Users, Audit, Settings and Content bundles only for admins, then
// everyone's own password, Home and logout.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { clearUser, session } from '../../state/session';
import { LanguageSwitch } from '../../components/dashboard/LanguageSwitch';

const LINKS: { path: string; key: string; adminOnly?: boolean }[] = [
  { path: '/users', key: 'nav.users', adminOnly: true },
  { path: '/content', key: 'nav.content' },
  { path: '/posts', key: 'nav.posts' },
  { path: '/contact', key: 'nav.contact' },
  { path: '/maps', key: 'nav.maps' },
  { path: '/emergency', key: 'nav.emergency' },
  { path: '/rating', key: 'nav.rating' },
  { path: '/visits', key: 'nav.visits' },
  { path: '/audit', key: 'nav.audit', adminOnly: true },
  { path: '/settings', key: 'nav.settings', adminOnly: true },
  { path: '/content-bundles', key: 'nav.bundles', adminOnly: true },
  { path: '/password', key: 'nav.myPassword' },
];

export function Sidebar({ admin }: { admin: boolean }) {
  const { t } = useTranslation('dashboard');
  const [location, navigate] = useLocation();
  const { userInfo } = useSnapshot(session);

  function logout() {
    // docs/product-rules.md, Behaviour: logout removes the stored info and returns to /.
    // Leave first, so the dashboard's own guard never sees the cleared user and detours via login.
    navigate('~/', { replace: true });
    clearUser();
  }

  return (
    <nav className="dash-sidebar" aria-label={t('nav.label')}>
      <p className="dash-brand">{t('nav.title')}</p>
      {userInfo && <p className="dash-user"><bdi>{userInfo.name}</bdi></p>}
      <ul>
        {LINKS.filter((link) => admin || !link.adminOnly).map((link) => {
          const current = location === link.path || location.startsWith(`${link.path}/`);
          return (
            <li key={link.path}>
              <Link href={link.path} className="dash-nav-link" aria-current={current ? 'page' : undefined}>{t(link.key)}</Link>
            </li>
          );
        })}
        <li><Link href="~/" className="dash-nav-link">{t('nav.home')}</Link></li>
        <li><button type="button" className="dash-nav-link dash-logout" onClick={logout}>{t('nav.logout')}</button></li>
      </ul>
      <LanguageSwitch />
    </nav>
  );
}
