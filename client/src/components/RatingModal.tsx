// The website rating modal: five teal stars, a title and a close button (docs/product-rules.md, Screens).
// Focus moves into the dialog, Tab stays inside it, Escape closes it and focus returns.
import { useEffect, useRef, useState } from 'react';
import { useShellTranslation } from '../lib/useShellTranslation';
import { useSnapshot } from 'valtio';
import { api } from '../api/client';
import { appState, readStoredNumber, storeNumber, WEBSITE_RATE_KEY } from '../state/app';
import { CloseIcon } from './icons';
import { StarDisplay, StarInput } from './Stars';

export function closeRatingModal() {
  appState.ratingModalOpen = false;
}

export function RatingModal() {
  const { ratingModalOpen } = useSnapshot(appState);
  return ratingModalOpen ? <RatingDialog /> : null;
}

function RatingDialog() {
  const { t } = useShellTranslation();
  const dialog = useRef<HTMLDivElement>(null);
  const [rated, setRated] = useState<number | null>(() => readStoredNumber(WEBSITE_RATE_KEY));
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set at once, before React re-renders the disabled stars: a double click sends one vote.
  const sending = useRef(false);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRatingModal();
      if (event.key === 'Tab' && dialog.current) trapFocus(event, dialog.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

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
    // A click beside the dialog closes it; keyboard users have Escape and the close button.
    <div className="modal-backdrop" role="presentation" onClick={(event) => { if (event.target === event.currentTarget) closeRatingModal(); }}>
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby="rating-modal-title">
        <button type="button" className="icon-button modal-close" aria-label={t('common.close')} onClick={closeRatingModal}>
          <CloseIcon />
        </button>
        <h2 id="rating-modal-title">{t('rating.websiteTitle')}</h2>
        {rated ? (
          <>
            <StarDisplay value={rated} size={32} label={t('rating.yourRating', { count: rated })} />
            <p role="status">{t('rating.thanks')}</p>
          </>
        ) : (
          <StarInput label={t('rating.websiteTitle')} disabled={busy} onRate={(value) => { void rate(value); }} />
        )}
        {failed && <p className="status-error" role="alert">{t('status.error')}</p>}
      </div>
    </div>
  );
}

function trapFocus(event: KeyboardEvent, container: HTMLElement) {
  const focusable = container.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input, [tabindex="0"]');
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
