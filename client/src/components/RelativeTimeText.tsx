import { useTranslation } from 'react-i18next';
import { relativeTime } from '../lib/relativeTime';

/** 'A few seconds ago', 'N Minutes ago', 'N hours ago' or the date (docs/product-rules.md, Constants). */
export function RelativeTimeText({ date }: { date: string }) {
  const { t } = useTranslation();
  const value = relativeTime(date);
  const text = value.kind === 'seconds'
    ? t('time.seconds')
    : value.kind === 'date'
      ? value.text
      : t(`time.${value.kind}`, { count: value.count });
  return <time dateTime={date} className="relative-time"><bdi>{text}</bdi></time>;
}
