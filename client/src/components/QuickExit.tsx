// The quick exit on every public page: a visible bilingual button, and Shift pressed three times
// within five seconds, counted aloud for screen readers.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countShiftPresses, SHIFT_PRESSES } from '../lib/shiftCounter';
import { quickExit } from '../lib/quickExit';
import { ExitIcon } from './icons';

export function QuickExit() {
  const { t, i18n } = useTranslation();
  const presses = useRef<number[]>([]);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Shift' || event.repeat) return;
      presses.current = countShiftPresses(presses.current, Date.now());
      const count = presses.current.length;
      if (count >= SHIFT_PRESSES) {
        presses.current = [];
        quickExit();
        return;
      }
      setAnnouncement(t('quickExit.shiftCount', { count, total: SHIFT_PRESSES }));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
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
