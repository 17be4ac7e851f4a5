// The home screen: the circular menu with the eight links, the language switch, the search link
// and, for authors, the dashboard link (docs/product-rules.md, Screens).
import type { CSSProperties } from 'react';
import { useShellTranslation } from '../../lib/useShellTranslation';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { DashboardIcon, SearchIcon } from '../../components/icons';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { DASHBOARD_HREF, NAV_LINKS } from '../../components/navLinks';
import { onNavClick } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useHydrated } from '../../lib/useHydrated';
import { session } from '../../state/session';

export function HomePage() {
  const { t } = useShellTranslation();
  const { userInfo } = useSnapshot(session);
  const isAuthor = useHydrated() && !!userInfo?.isAuthor;
  useDocumentTitle(undefined);
  return (
    <div className="home">
      <nav className="circle-menu" aria-label={t('nav.main')}>
        <div className="circle-center">
          <h1>{t('home.title')}</h1>
          <p>{t('home.subtitle')}</p>
        </div>
        <ul>
          {NAV_LINKS.map((link, index) => (
            <li key={link.href} style={{ '--i': index } as CSSProperties}>
              <Link href={link.href} onClick={() => onNavClick(link.href)}>{t(link.key)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="home-tools">
        <LanguageSwitch className="lang-switch-large" />
        <Link href="/search" className="button button-secondary"><SearchIcon size={18} /> {t('nav.search')}</Link>
        {isAuthor && (
          <Link href={DASHBOARD_HREF} className="button button-secondary"><DashboardIcon size={18} /> {t('nav.dashboard')}</Link>
        )}
      </div>
    </div>
  );
}
