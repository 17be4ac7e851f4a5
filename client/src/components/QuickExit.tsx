// The quick exit on every public page, in the safety band above the page (SafetyBar.tsx): a
// visible bilingual button, and Shift pressed on its own three times (GOV.UK's rule, see
// lib/shiftCounter.ts), counted aloud for screen readers. The button is a link to the neutral site
// (as GOV.UK's "Exit this page"), so it leaves even without JavaScript; before the application
// runs, client/public/boot.js handles its tap; once hydrated, lib/quickExit.ts does: the page is
// hidden at once, the tab's one history entry of the site is replaced, cookies, storage and the
// offline copy are forgotten.
import { useContext, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { Settings } from '@shared/api-types';
import { apiPaths } from '../api/paths';
import { useShellTranslation } from '../lib/useShellTranslation';
import { ShiftCounter, SHIFT_PRESSES } from '../lib/shiftCounter';
import { quickExit } from '../lib/quickExit';
import { PreparedDataContext } from '../ssr/context';
import { appState } from '../state/app';
import { ExitIcon } from './icons';

/** The neutral address the server rendered with, kept for the life of the page. */
function usePreparedExitUrl(): string | undefined {
  const prepared = useContext(PreparedDataContext);
  const [url] = useState(() => {
    const answer = prepared?.answerFor(apiPaths.settings);
    return answer && 'data' in answer ? (answer.data as Settings).quickExitUrl : undefined;
  });
  return url;
}

function leave(event: MouseEvent | ReactKeyboardEvent) {
  event.preventDefault();
  quickExit();
}

export function QuickExit() {
  const { t, i18n } = useShellTranslation();
  const counter = useRef(new ShiftCounter());
  const { settings } = useSnapshot(appState);
  const exitUrl = usePreparedExitUrl() ?? settings.quickExitUrl;
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const outcome = counter.current.handle(event, Date.now());
      if (outcome.kind === 'exit') quickExit();
      else if (outcome.kind === 'counted') setAnnouncement(t('quickExit.shiftCount', { count: outcome.count, total: SHIFT_PRESSES }));
      else if (outcome.kind === 'reset') setAnnouncement('');
    };
    // Capture phase: a field that stops its key events from bubbling cannot hide them from the exit.
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('keyup', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('keyup', onKey, true);
    };
  }, [t]);

  // The button reads in both languages at once: someone in a hurry may not read the page's language.
  const other = i18n.resolvedLanguage === 'ar' ? 'en' : 'ar';
  return (
    <>
      <a href={exitUrl} role="button" rel="noreferrer" className="quick-exit" title={t('quickExit.hint')} onClick={leave}
        onKeyDown={(event) => { if (event.key === ' ') leave(event); }}>
        <ExitIcon size={18} />
        <span>{t('quickExit.button')}</span>
        <span lang={other} className="quick-exit-other">{t('quickExit.buttonOther')}</span>
      </a>
      <div className="visually-hidden" aria-live="assertive" role="status">{announcement}</div>
    </>
  );
}
