// Five teal stars: a read-only display (averages, a vote already given) and the rating control.
import { useShellTranslation } from '../lib/useShellTranslation';
import { StarIcon } from './icons';

export const STAR_COUNT = 5;

export function StarDisplay({ value, label, size = 24 }: { value: number; label: string; size?: number }) {
  const rounded = Math.round(value);
  return (
    <span className="stars stars-readonly" role="img" aria-label={label}>
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <StarIcon key={index} size={size} filled={index < rounded} />
      ))}
    </span>
  );
}

export function StarInput({ onRate, disabled, label }: { onRate: (rate: number) => void; disabled?: boolean; label: string }) {
  const { t } = useShellTranslation();
  return (
    <div className="stars stars-input" role="group" aria-label={label} aria-busy={disabled || undefined}>
      {Array.from({ length: STAR_COUNT }, (_, index) => {
        const rate = index + 1;
        return (
          <button key={rate} type="button" disabled={disabled} onClick={() => onRate(rate)}
            aria-label={t('rating.starLabel', { count: rate })} data-rate={rate}>
            <StarIcon size={32} filled={false} />
          </button>
        );
      })}
    </div>
  );
}
