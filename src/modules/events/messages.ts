import type { BilingualMessage } from '../../errors';

export const eventsMessages = {
  badPath: {
    en: 'path must be a site path starting with / (no control characters)',
    ar: 'يجب أن يكون المسار مساراً داخل الموقع يبدأ بـ / (دون رموز تحكم)',
  },
  rangeIncomplete: { en: 'Give both from and to, or neither', ar: 'أدخل تاريخَي البداية والنهاية معاً أو اتركهما فارغين' },
  rangeTooLong: { en: 'The period can be at most 366 days', ar: 'يمكن أن تكون المدة 366 يوماً على الأكثر' },
} satisfies Record<string, BilingualMessage>;
