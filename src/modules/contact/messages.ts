import type { BilingualMessage } from '../../errors';

export const contactMessages = {
  contactNotFound: { en: 'Contact entry not found', ar: 'بيانات الاتصال غير موجودة' },
  emailInvalid: { en: 'Please enter a valid email', ar: 'يرجى إدخال بريد إلكتروني صحيح' },
  urlInvalid: { en: 'Please enter a link starting with http:// or https://', ar: 'يرجى إدخال رابط يبدأ بـ http:// أو https://' },
} satisfies Record<string, BilingualMessage>;
