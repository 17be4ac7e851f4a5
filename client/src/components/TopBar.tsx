// The header of every public page: its colour follows the page setting (none, white, black, side).
// Under 768 px the links fold into a phone menu: a <details> element, so it opens and closes
// without JavaScript too; with JavaScript it also closes on navigation and with Escape. The quick
// exit and 533 are not here: they have the safety band above the page (SafetyBar.tsx).
import { useEffect, useRef } from 'react';
import { useShellTranslation } from '../lib/useShellTranslation';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { sendEvent } from '../lib/events';
import { useHydrated } from '../lib/useHydrated';
import { session } from '../state/session';
import { CloseIcon, DashboardIcon, MenuIcon, SearchIcon, ShieldIcon } from './icons';
import { useLayoutSlots } from '../ssr/layoutSlots';
import { LanguageSwitch } from './LanguageSwitch';
import { CONTACT_HREF, DASHBOARD_HREF, NAV_LINKS } from './navLinks';
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

/**
 * The phone menu: the summary is the hamburger button, the links follow the header's row. The
 * element keeps its own open state (so it works before and without the application); the
 * application only closes it, on every navigation and with Escape.
 */
function PhoneMenu({ isAuthor }: { isAuthor: boolean }) {
  const { t } = useShellTranslation();
  const [location] = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => { if (menu.current) menu.current.open = false; };

  useEffect(close, [location]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => { if (event.key === 'Escape') close(); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <details ref={menu} className="phone-menu">
      {/* Both icons are drawn; the stylesheet shows the one for the open state, script or not. */}
      <summary className="icon-button hamburger">
        <MenuIcon className="when-closed" />
        <CloseIcon className="when-open" />
        <span className="visually-hidden">{t('nav.mobile')}</span>
      </summary>
      <nav className="side-menu" aria-label={t('nav.mobile')}>
        <NavList className="side-menu-list" onNavigate={close} />
        <Link href="/search" className="side-menu-extra">{t('nav.search')}</Link>
        {isAuthor && <Link href={DASHBOARD_HREF} className="side-menu-extra">{t('nav.dashboard')}</Link>}
      </nav>
    </details>
  );
}

export function TopBar({ variant }: { variant: HeaderVariant }) {
  const slots = useLayoutSlots();
  const { t } = useShellTranslation();
  const { userInfo } = useSnapshot(session);
  // The login lives in this browser only: the server's page (shared by every visitor) never shows it.
  const isAuthor = useHydrated() && !!userInfo?.isAuthor;

  return (
    <header className={`top-bar header-${variant}`}>
      <PhoneMenu isAuthor={isAuthor} />
      <div className="top-bar-row">
        <Link href="/" className="brand">
          <ShieldIcon size={22} />
          <span>{t('site.name')}</span>
        </Link>
        <div className="top-bar-tools">
          <Link href="/search" className="icon-button" aria-label={t('nav.search')} title={t('nav.search')}>
            <SearchIcon size={20} />
          </Link>
          {isAuthor && (
            <Link href={DASHBOARD_HREF} className="icon-button" aria-label={t('nav.dashboard')} title={t('nav.dashboard')}>
              <DashboardIcon size={20} />
            </Link>
          )}
          {slots?.languageSwitch ?? <LanguageSwitch />}
          <ThemeToggle />
        </div>
      </div>
      {variant !== 'none' && (
        <nav className="desktop-nav" aria-label={t('nav.main')}>
          <NavList className="desktop-nav-list" />
        </nav>
      )}
    </header>
  );
}
