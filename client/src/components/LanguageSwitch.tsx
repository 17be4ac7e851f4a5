// The EN/AR switch. i18next caches the choice in the cookie i18next; the <html> lang and dir follow.
// On a post that has a counterpart in the chosen language, the switch opens that post too. Each
// choice is also a link (?lang=ar), which the server answers by keeping the choice: on a slow phone
// the switch works before the application has started, and without JavaScript at all.
import type { MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { Language } from '@shared/domain';
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
  const [location, navigate] = useLocation();
  const choose = (event: MouseEvent, code: Language) => {
    event.preventDefault();
    if (postTranslation?.language === code) navigate(`/p/${encodeURIComponent(postTranslation.id)}`);
    void i18n.changeLanguage(code);
  };
  // The path only: the server renders (and caches) a page without its other parameters, and the
  // link must be the same in its HTML and in the browser's first render.
  const hrefFor = (code: Language) => `${location}?lang=${code}`;
  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <a key={language.code} href={hrefFor(language.code)} role="button" className="lang-option" lang={language.code}
          aria-pressed={current === language.code} title={language.name} rel="nofollow" onClick={(event) => choose(event, language.code)}>
          {language.label}
        </a>
      ))}
    </div>
  );
}
