// The EN/AR switch: it leads to the same page at the other language's address (/about → /ar/about,
// /ar/about → /en/about; a search keeps its keyword) and keeps the choice in the i18next cookie, so
// the unprefixed addresses follow it too. On a post that has a counterpart in the chosen language,
// it opens that post. Each choice is also a link (/ar/about?lang=ar), which the server answers by
// keeping the choice and sending the visitor on to /ar/about: on a slow phone the switch works
// before the application has started, and without JavaScript at all.
import type { MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import type { Language } from '@shared/domain';
import { languagePath } from '@shared/public-paths';
import { rememberLanguage } from '../lib/languageCookie';
import { appState } from '../state/app';
import { keywordFromSearch, useRawPathname } from '../lib/pageAddress';
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
  const rawPath = useRawPathname();
  const keyword = keywordFromSearch(useSearch());
  // The path and, on the search page, the keyword: the server renders (and caches) a page with
  // nothing else of its address, and the link must be the same in its HTML and in the browser's
  // first render.
  const samePage = location === '/search' && keyword ? `${rawPath}?${new URLSearchParams({ keyword }).toString()}` : rawPath;
  const choose = (event: MouseEvent, code: Language) => {
    event.preventDefault();
    const page = postTranslation?.language === code ? `/p/${encodeURIComponent(postTranslation.id)}` : samePage;
    rememberLanguage(code);
    navigate(`~${languagePath(code, page)}`);
    void i18n.changeLanguage(code);
  };
  const hrefFor = (code: Language) => `${languagePath(code, samePage)}${samePage.includes('?') ? '&' : '?'}lang=${code}`;
  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <a key={language.code} href={hrefFor(language.code)} role="button" className="lang-option" lang={language.code}
          hrefLang={language.code} aria-pressed={current === language.code} title={language.name} rel="nofollow"
          onClick={(event) => choose(event, language.code)}>
          {language.label}
        </a>
      ))}
    </div>
  );
}
