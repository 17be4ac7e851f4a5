// One way to answer errors: { message, errors: [{ messageEn, messageAr, field }] } (docs/api-contract.md).
export interface ErrorItem {
  messageEn: string;
  messageAr: string;
  field: string | null;
}

export interface ErrorBody {
  message: string;
  errors: ErrorItem[];
}

/** A bilingual message; the field is filled in where it is raised. */
export interface BilingualMessage {
  en: string;
  ar: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors: ErrorItem[];

  constructor(statusCode: number, errors: ErrorItem[]) {
    super(errors[0]?.messageEn ?? 'Error');
    this.statusCode = statusCode;
    this.errors = errors;
  }

  toBody(): ErrorBody {
    return { message: this.message, errors: this.errors };
  }
}

export function apiError(statusCode: number, message: BilingualMessage, field: string | null = null): ApiError {
  return new ApiError(statusCode, [{ messageEn: message.en, messageAr: message.ar, field }]);
}

export function errorBody(message: BilingualMessage, field: string | null = null): ErrorBody {
  return { message: message.en, errors: [{ messageEn: message.en, messageAr: message.ar, field }] };
}

/**
 * Error answers are bounded whatever the request held: a body with 90,000 unknown keys would
 * otherwise answer one entry per key (10 MB from a 1 MB request, unauthenticated). A form never
 * has more fields than this, and field names come from the request, so they are cut too.
 */
export const ERROR_LIMITS = { items: 10, textChars: 200, bodyBytes: 8 * 1024 } as const;

function cut(text: string): string {
  return text.length > ERROR_LIMITS.textChars ? `${text.slice(0, ERROR_LIMITS.textChars - 1)}…` : text;
}

export function boundedErrorBody(items: ErrorItem[], fallback: BilingualMessage): ErrorBody {
  const bounded = items.slice(0, ERROR_LIMITS.items).map((item) => ({
    messageEn: cut(item.messageEn),
    messageAr: cut(item.messageAr),
    field: item.field === null ? null : cut(item.field),
  }));
  if (bounded.length === 0) bounded.push({ messageEn: fallback.en, messageAr: fallback.ar, field: null });
  const body: ErrorBody = { message: bounded[0].messageEn, errors: bounded };
  // Each item is already short; this only guards against a future message that is not.
  while (body.errors.length > 1 && Buffer.byteLength(JSON.stringify(body)) > ERROR_LIMITS.bodyBytes) body.errors.pop();
  return body;
}

/** Messages shared by several modules. Module-specific ones live beside their module. */
export const messages = {
  badRequest: { en: 'The request is not valid', ar: 'الطلب غير صالح' },
  invalidJson: { en: 'The request body is not valid JSON', ar: 'محتوى الطلب ليس بصيغة JSON صالحة' },
  unsupportedMediaType: { en: 'This content type is not supported', ar: 'نوع المحتوى هذا غير مدعوم' },
  bodyTooLarge: { en: 'The request is too large', ar: 'حجم الطلب كبير جداً' },
  notFound: { en: 'Not found', ar: 'غير موجود' },
  routeNotFound: { en: 'This address does not exist', ar: 'هذا العنوان غير موجود' },
  notAuthorized: { en: 'Not authorized, please log in', ar: 'غير مصرح لك، يرجى تسجيل الدخول' },
  tokenExpired: { en: 'Your session has expired, please log in again', ar: 'انتهت صلاحية الجلسة، يرجى تسجيل الدخول مجدداً' },
  tokenInvalid: { en: 'Not authorized, the token is not valid', ar: 'غير مصرح لك، رمز الدخول غير صالح' },
  sessionRevoked: { en: 'This session was ended (the password or the account changed), please log in again', ar: 'تم إنهاء هذه الجلسة (تغيّرت كلمة المرور أو الحساب)، يرجى تسجيل الدخول مجدداً' },
  accountDisabled: { en: 'This account is disabled, ask an administrator', ar: 'هذا الحساب معطّل، يرجى مراجعة أحد المشرفين' },
  passwordChangeRequired: { en: 'You must choose a new password before doing anything else', ar: 'يجب عليك اختيار كلمة مرور جديدة قبل القيام بأي إجراء آخر' },
  authorRequired: { en: 'Only authors can do this', ar: 'هذا الإجراء متاح للمؤلفين فقط' },
  adminRequired: { en: 'Only administrators can do this', ar: 'هذا الإجراء متاح للمشرفين فقط' },
  forbiddenPath: { en: 'This address is not allowed: it does not name a file of this site', ar: 'هذا العنوان غير مسموح به: لا يشير إلى ملف من ملفات هذا الموقع' },
  badAddress: { en: 'This address is not valid: it holds a broken character encoding', ar: 'هذا العنوان غير صالح: يحتوي على ترميز أحرف تالف' },
  addressTooLong: { en: 'This address is too long', ar: 'هذا العنوان طويل جداً' },
  headersTooLarge: { en: 'The request headers are too large', ar: 'ترويسات الطلب كبيرة جداً' },
  requestTimeout: { en: 'The request took too long to arrive and was closed', ar: 'استغرق وصول الطلب وقتاً طويلاً فتم إغلاقه' },
  malformedRequest: { en: 'The request could not be read: it is not valid HTTP', ar: 'تعذّرت قراءة الطلب: ليس طلب HTTP صالحاً' },
  storageUnavailable: { en: 'The server cannot save anything right now; please tell the site administrator', ar: 'لا يستطيع الخادم حفظ أي شيء حالياً؛ يرجى إبلاغ مسؤول الموقع' },
  databaseBusy: {
    en: 'The site is applying a content bundle and cannot save right now; please try again in a minute',
    ar: 'يطبّق الموقع حزمة محتوى ولا يستطيع الحفظ الآن؛ يرجى المحاولة مرة أخرى بعد دقيقة',
  },
  tooManyRequests: { en: 'Too many requests, please try again later', ar: 'طلبات كثيرة جداً، يرجى المحاولة لاحقاً' },
  serverError: { en: 'Something went wrong on the server', ar: 'حدث خطأ في الخادم' },
  fileTypeNotSupported: { en: 'Error! File Type is not supported', ar: 'خطأ! نوع الملف غير مدعوم' },
  rangeNotSatisfiable: { en: 'The requested range is outside the file', ar: 'النطاق المطلوب خارج حدود الملف' },
  fileTooLarge: { en: 'The file is too large', ar: 'حجم الملف كبير جداً' },
  tooManyFiles: { en: 'Too many files in one upload', ar: 'عدد الملفات كبير جداً في عملية رفع واحدة' },
  tooManyFormFields: { en: 'The upload holds too many form fields', ar: 'يحتوي الرفع على عدد كبير جداً من حقول النموذج' },
  noFile: { en: 'No file was sent', ar: 'لم يتم إرسال أي ملف' },
  // A period of days (the visits report, the audit log's filter).
  rangeReversed: { en: 'The start date must not be after the end date', ar: 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية' },
} satisfies Record<string, BilingualMessage>;
