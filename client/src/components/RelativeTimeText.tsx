import { useTranslation } from 'react-i18next';
import { useHydrated } from '../lib/useHydrated';
import { formatDateTimeInIraq, relativeTime } from '../lib/relativeTime';

/**
 * 'A few seconds ago', 'N Minutes ago', 'N hours ago' or the date (docs/product-rules.md, Constants).
 * The server's page is kept in caches, so it shows the date (in Iraq's time); the browser then
 * says how long ago, by its own clock.
 */
export function RelativeTimeText({ date }: { date: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated) return <time dateTime={date} className="relative-time"><bdi>{formatDateTimeInIraq(date)}</bdi></time>;
  const value = relativeTime(date);
  const text = value.kind === 'seconds'
    ? t('time.seconds')
    : value.kind === 'date'
      ? value.text
      : t(`time.${value.kind}`, { count: value.count });
  return <time dateTime={date} className="relative-time"><bdi>{text}</bdi></time>;
}
