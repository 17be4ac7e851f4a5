import type { BilingualMessage } from '../../errors';

export const uploadMessages = {
  notMultipart: { en: 'Send the file as multipart/form-data', ar: 'يرجى إرسال الملف بصيغة multipart/form-data' },
  badForm: { en: 'The uploaded form could not be read', ar: 'تعذّرت قراءة النموذج المرفوع' },
  tooManyPixels: { en: 'These pictures are too large to process in one upload (200 megapixels in all, animations counted four times): send fewer at a time', ar: 'هذه الصور أكبر من أن تُعالج في عملية رفع واحدة (200 ميغابكسل إجمالاً، وتُحسب الصور المتحركة أربع مرات): أرسل عدداً أقل في كل مرة' },
  tooManyFrames: { en: 'An animated image may have at most 200 frames', ar: 'يجب ألا تتجاوز الصورة المتحركة 200 إطار' },
  tooSlow: { en: 'The server could not finish processing this upload in time; nothing was stored. Try again with fewer or smaller files', ar: 'لم يتمكن الخادم من إنهاء معالجة هذا الملف في الوقت المحدد، ولم يُحفظ شيء. حاول مجدداً بعدد أقل من الملفات أو بملفات أصغر' },
} satisfies Record<string, BilingualMessage>;

export function wrongFieldMessage(expected: string): BilingualMessage {
  return { en: `Send the file in the field "${expected}"`, ar: `يرجى إرسال الملف في الحقل "${expected}"` };
}
