// The quick exit on every public page: a visible bilingual button, and Shift pressed on its own
// three times (GOV.UK's rule, see lib/shiftCounter.ts), counted aloud for screen readers.
import { useEffect, useRef, useState } from 'react';
import { useShellTranslation } from '../i18n';
import { ShiftCounter, SHIFT_PRESSES } from '../lib/shiftCounter';
import { quickExit } from '../lib/quickExit';
import { ExitIcon } from './icons';

export function QuickExit() {
  const { t, i18n } = useShellTranslation();
  const counter = useRef(new ShiftCounter());
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
      <button type="button" className="quick-exit" onClick={quickExit} title={t('quickExit.hint')}>
        <ExitIcon size={18} />
        <span>{t('quickExit.button')}</span>
        <span lang={other} className="quick-exit-other">{t('quickExit.buttonOther')}</span>
      </button>
      <div className="visually-hidden" aria-live="assertive" role="status">{announcement}</div>
    </>
  );
}
