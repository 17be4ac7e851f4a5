// The EN/AR switch. i18next caches the choice in the cookie i18next; the <html> lang and dir follow.
// On a post that has a counterpart in the chosen language, the switch opens that post too.
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { appState } from '../state/app';
import { useShellTranslation } from '../lib/useShellTranslation';

const LANGUAGES = [
  { code: 'en', label: 'EN', name: 'English' },
  { code: 'ar', label: 'AR', name: 'العربية' },
] as const;

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useShellTranslation();
  const current = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  const { postTranslation } = useSnapshot(appState);
  const [, navigate] = useLocation();
  const choose = (code: 'en' | 'ar') => {
    if (postTranslation?.language === code) navigate(`/p/${encodeURIComponent(postTranslation.id)}`);
    void i18n.changeLanguage(code);
  };
  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button key={language.code} type="button" lang={language.code} aria-pressed={current === language.code}
          title={language.name} onClick={() => choose(language.code)}>
          {language.label}
        </button>
      ))}
    </div>
  );
}
