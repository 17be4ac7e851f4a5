import type { BilingualMessage } from '../../errors';

export const uploadMessages = {
  notMultipart: { en: 'Send the file as multipart/form-data', ar: 'يرجى إرسال الملف بصيغة multipart/form-data' },
  badForm: { en: 'The uploaded form could not be read', ar: 'تعذّرت قراءة النموذج المرفوع' },
} satisfies Record<string, BilingualMessage>;

export function wrongFieldMessage(expected: string): BilingualMessage {
  return { en: `Send the file in the field "${expected}"`, ar: `يرجى إرسال الملف في الحقل "${expected}"` };
}
