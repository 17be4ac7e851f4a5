// Dark or light background, dark first, kept in localStorage (docs/product-rules.md, What it does).
import { useShellTranslation } from '../lib/useShellTranslation';
import { useSnapshot } from 'valtio';
import { useHydrated } from '../lib/useHydrated';
import { appState, toggleTheme } from '../state/app';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const { t } = useShellTranslation();
  const { theme } = useSnapshot(appState);
  // The server does not know the stored choice: it renders the dark default, as the browser does while hydrating.
  const isDark = !useHydrated() || theme === 'dark';
  return (
    <button type="button" className="icon-button theme-toggle" aria-pressed={!isDark} onClick={toggleTheme}
      aria-label={t('theme.light')} title={isDark ? t('theme.toLight') : t('theme.toDark')}>
      {isDark ? <SunIcon size={20} /> : <MoonIcon size={20} />}
    </button>
  );
}
