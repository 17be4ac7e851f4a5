import type { BilingualMessage } from '../../errors';

export const settingsMessages = {
  invalidWebAddress: {
    en: 'The quick exit address must be a full web address starting with http:// or https://',
    ar: 'يجب أن يكون عنوان الخروج السريع عنوان ويب كاملاً يبدأ بـ http:// أو https://',
  },
  nothingToChange: { en: 'Send at least one setting to change', ar: 'يرجى إرسال إعداد واحد على الأقل لتغييره' },
} satisfies Record<string, BilingualMessage>;
