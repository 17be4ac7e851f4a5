import type { BilingualMessage } from '../../errors';

export const emergencyMessages = {
  emergencyNotFound: { en: 'Emergency contact not found', ar: 'جهة اتصال الطوارئ غير موجودة' },
  numberInvalid: {
    en: 'The number may only contain digits, spaces, + and -',
    ar: 'يجب أن يحتوي الرقم على أرقام ومسافات و + و - فقط',
  },
} satisfies Record<string, BilingualMessage>;
