import type { BilingualMessage } from '../../errors';

export const emergencyMessages = {
  emergencyNotFound: { en: 'Emergency contact not found', ar: 'جهة اتصال الطوارئ غير موجودة' },
  numberInvalid: {
    en: 'The number may only contain digits, spaces, + and -',
    ar: 'يجب أن يحتوي الرقم على أرقام ومسافات و + و - فقط',
  },
  orderChanged: {
    en: 'The list of emergency numbers changed meanwhile (a number was added or deleted): look at it again, then move the number',
    ar: 'تغيّرت قائمة أرقام الطوارئ في أثناء ذلك (أُضيف رقم أو حُذف): راجعها مرة أخرى ثم انقل الرقم',
  },
} satisfies Record<string, BilingualMessage>;
