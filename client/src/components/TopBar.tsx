// The header of every public page: its colour follows the page setting (none, white, black, side).
// Under 768 px the links fold into a hamburger menu that closes on navigation.
import { useEffect, useId } from 'react';
import { useShellTranslation } from '../lib/useShellTranslation';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { sendEvent } from '../lib/events';
import { useHydrated } from '../lib/useHydrated';
import { appState, setNavbarOpen } from '../state/app';
import { session } from '../state/session';
import { CloseIcon, DashboardIcon, MenuIcon, SearchIcon, ShieldIcon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { CONTACT_HREF, NAV_LINKS } from './navLinks';
import { QuickExit } from './QuickExit';
import { ThemeToggle } from './ThemeToggle';

export type HeaderVariant = 'none' | 'white' | 'black' | 'side';

/** Reports a click on Contact Us to this site's own analytics. */
export function onNavClick(href: string) {
  if (href === CONTACT_HREF) sendEvent('contact_click', window.location.pathname);
}

export function NavList({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { t } = useShellTranslation();
  const [location] = useLocation();
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.href}>
          <Link href={link.href} aria-current={location === link.href ? 'page' : undefined}
            onClick={() => { onNavClick(link.href); onNavigate?.(); }}>
            {t(link.key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function TopBar({ variant }: { variant: HeaderVariant }) {
  const { t } = useShellTranslation();
  const { navbarOpen } = useSnapshot(appState);
  const { userInfo } = useSnapshot(session);
  // The login lives in this browser only: the server's page (shared by every visitor) never shows it.
  const isAuthor = useHydrated() && !!userInfo?.isAuthor;
  const [location] = useLocation();
  const menuId = useId();

  // Closes the side menu on every navigation and with Escape.
  useEffect(() => setNavbarOpen(false), [location]);
  useEffect(() => {
    if (!navbarOpen) return;
    const onKey = (event: KeyboardEvent) => { if (event.key === 'Escape') setNavbarOpen(false); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navbarOpen]);

  return (
    <header className={`top-bar header-${variant}`}>
      <div className="top-bar-row">
        <button type="button" className="icon-button hamburger" aria-expanded={navbarOpen} aria-controls={menuId}
          aria-label={navbarOpen ? t('nav.closeMenu') : t('nav.openMenu')} onClick={() => setNavbarOpen(!navbarOpen)}>
          {navbarOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link href="/" className="brand">
          <ShieldIcon size={22} />
          <span>{t('site.name')}</span>
        </Link>
        <div className="top-bar-tools">
          <Link href="/search" className="icon-button" aria-label={t('nav.search')} title={t('nav.search')}>
            <SearchIcon size={20} />
          </Link>
          {isAuthor && (
            <Link href="/dashboard/posts" className="icon-button" aria-label={t('nav.dashboard')} title={t('nav.dashboard')}>
              <DashboardIcon size={20} />
            </Link>
          )}
          <LanguageSwitch />
          <ThemeToggle />
          <QuickExit />
        </div>
      </div>
      {variant !== 'none' && (
        <nav className="desktop-nav" aria-label={t('nav.main')}>
          <NavList className="desktop-nav-list" />
        </nav>
      )}
      <nav id={menuId} className="side-menu" aria-label={t('nav.mobile')} hidden={!navbarOpen}>
        <NavList className="side-menu-list" onNavigate={() => setNavbarOpen(false)} />
        <Link href="/search" className="side-menu-extra">{t('nav.search')}</Link>
        {isAuthor && <Link href="/dashboard/posts" className="side-menu-extra">{t('nav.dashboard')}</Link>}
      </nav>
    </header>
  );
}
