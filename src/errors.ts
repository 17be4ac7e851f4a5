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
  notOwner: { en: 'You can only change your own posts', ar: 'يمكنك تعديل منشوراتك فقط' },
  tooManyRequests: { en: 'Too many requests, please try again later', ar: 'طلبات كثيرة جداً، يرجى المحاولة لاحقاً' },
  serverError: { en: 'Something went wrong on the server', ar: 'حدث خطأ في الخادم' },
  invalidId: { en: 'This id is not valid', ar: 'هذا المعرّف غير صالح' },
  fileTypeNotSupported: { en: 'Error! File Type is not supported', ar: 'خطأ! نوع الملف غير مدعوم' },
  fileTooLarge: { en: 'The file is too large', ar: 'حجم الملف كبير جداً' },
  tooManyFiles: { en: 'Too many files in one upload', ar: 'عدد الملفات كبير جداً في عملية رفع واحدة' },
  noFile: { en: 'No file was sent', ar: 'لم يتم إرسال أي ملف' },
} satisfies Record<string, BilingualMessage>;
