import type { BilingualMessage } from '../../errors';

export const settingsMessages = {
  invalidWebAddress: {
    en: 'Please enter a full web address starting with http:// or https://',
    ar: 'يرجى إدخال عنوان ويب كامل يبدأ بـ http:// أو https://',
  },
  nothingToChange: { en: 'Send at least one setting to change', ar: 'يرجى إرسال إعداد واحد على الأقل لتغييره' },
} satisfies Record<string, BilingualMessage>;
