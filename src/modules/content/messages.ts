import type { BilingualMessage } from '../../errors';

export const contentMessages = {
  typeMismatch: { en: 'The type in the body must match the type in the address', ar: 'يجب أن يطابق النوع في محتوى الطلب النوع الموجود في العنوان' },
  imageOnlyForAbout: { en: 'An image can only be set for About', ar: 'لا يمكن إضافة صورة إلا لصفحة من نحن' },
} satisfies Record<string, BilingualMessage>;
