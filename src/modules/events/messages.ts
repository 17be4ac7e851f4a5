import type { BilingualMessage } from '../../errors';

export const eventsMessages = {
  badPath: {
    en: 'path must be a site path starting with / (no control characters)',
    ar: 'يجب أن يكون المسار مساراً داخل الموقع يبدأ بـ / (دون رموز تحكم)',
  },
} satisfies Record<string, BilingualMessage>;
