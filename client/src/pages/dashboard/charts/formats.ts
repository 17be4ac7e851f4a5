// Numbers and days on the charts and their tables, in the reader's language with Latin digits (as
// every date of the dashboard, so staff compare the English and the Arabic views at a glance).
import type { Language } from '@shared/domain';

const localeOf = (language: Language) => (language === 'ar' ? 'ar-IQ-u-nu-latn' : 'en-GB');

/** Text that runs left to right (a date, a phone number) kept whole inside a sentence of either direction. */
export const leftToRight = (text: string) => `\u2066${text}\u2069`;

export function numberFormat(language: Language): (value: number) => string {
  const format = new Intl.NumberFormat(localeOf(language));
  return (value) => format.format(value);
}

/** "3 Jun" / "3 يونيو" for a YYYY-MM-DD day (a UTC day, as the reports count them). */
export function dayLabel(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}
