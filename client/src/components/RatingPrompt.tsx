// The website rating prompt: five teal stars, a title and a close button (docs/product-rules.md,
// Screens). It never blocks the page: a small card at the bottom of the page's area, with no
// backdrop and no focus trap, below the safety band, so the quick exit and 533 work on the first
// tap while it is open. It is never shown on a help page (lib/helpPages.ts): opened there, it
// waits until the visitor is on another page. Opened by itself it leaves the focus where the
// visitor is; opened on request (the /test page) it takes the focus and gives it back on close.
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { api } from '../api/client';
import { isHelpPage } from '../lib/helpPages';
import { useShellTranslation } from '../lib/useShellTranslation';
import { appState, readStoredNumber, storeNumber, WEBSITE_RATE_KEY } from '../state/app';
import { CloseIcon } from './icons';
import { StarDisplay, StarInput } from './Stars';

export function closeRatingPrompt() {
  appState.ratingPrompt = null;
}

export function RatingPrompt() {
  const { ratingPrompt } = useSnapshot(appState);
  const [location] = useLocation();
  if (!ratingPrompt || isHelpPage(location)) return null;
  return <RatingCard takeFocus={ratingPrompt === 'on-request'} />;
}

function RatingCard({ takeFocus }: { takeFocus: boolean }) {
  const { t } = useShellTranslation();
  const card = useRef<HTMLDivElement>(null);
  const [rated, setRated] = useState<number | null>(() => readStoredNumber(WEBSITE_RATE_KEY));
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set at once, before React re-renders the disabled stars: a double click sends one vote.
  const sending = useRef(false);

  useEffect(() => {
    const previous = takeFocus ? document.activeElement as HTMLElement | null : null;
    if (takeFocus) card.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => { if (event.key === 'Escape') closeRatingPrompt(); };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [takeFocus]);

  const rate = async (value: number) => {
    if (value <= 0 || sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailed(false);
    try {
      const answer = await api.post<{ rated: number }>('/api/rating/website', { rate: value });
      storeNumber(WEBSITE_RATE_KEY, answer.rated);
      setRated(answer.rated);
    } catch {
      setFailed(true);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <div ref={card} className="rating-prompt" role="dialog" aria-modal="false" aria-labelledby="rating-prompt-title">
      <button type="button" className="icon-button rating-prompt-close" aria-label={t('common.close')} onClick={closeRatingPrompt}>
        <CloseIcon />
      </button>
      <h2 id="rating-prompt-title">{t('rating.websiteTitle')}</h2>
      {rated ? (
        <>
          <StarDisplay value={rated} size={28} label={t('rating.yourRating', { count: rated })} />
          <p role="status">{t('rating.thanks')}</p>
        </>
      ) : (
        <StarInput label={t('rating.websiteTitle')} disabled={busy} onRate={(value) => { void rate(value); }} />
      )}
      {failed && <p className="status-error" role="alert">{t('status.error')}</p>}
    </div>
  );
}
