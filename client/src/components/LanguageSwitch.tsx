// The EN/AR switch. i18next caches the choice in the cookie i18next; the <html> lang and dir follow.
import { useShellTranslation } from '../i18n';

const LANGUAGES = [
  { code: 'en', label: 'EN', name: 'English' },
  { code: 'ar', label: 'AR', name: 'العربية' },
] as const;

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useShellTranslation();
  const current = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button key={language.code} type="button" lang={language.code} aria-pressed={current === language.code}
          title={language.name} onClick={() => { void i18n.changeLanguage(language.code); }}>
          {language.label}
        </button>
      ))}
    </div>
  );
}
