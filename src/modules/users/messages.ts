import type { BilingualMessage } from '../../errors';

export const userMessages = {
  wrongCredentials: { en: 'Invalid email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  passwordsMismatch: { en: 'Passwords Should match', ar: 'كلمتا المرور غير متطابقتين' },
  emailTaken: { en: 'A user with this email already exists', ar: 'يوجد مستخدم بهذا البريد الإلكتروني مسبقاً' },
  userNotFound: { en: 'User not found', ar: 'المستخدم غير موجود' },
  cannotDeleteSelf: { en: 'You cannot delete your own account', ar: 'لا يمكنك حذف حسابك الخاص' },
  lastAdmin: { en: 'The last administrator cannot be removed', ar: 'لا يمكن حذف آخر مشرف' },
  tooManyLogins: { en: 'Too many failed logins, please try again later', ar: 'محاولات دخول فاشلة كثيرة، يرجى المحاولة لاحقاً' },
  loginInProgress: { en: 'Another login from this address is being checked, please try again in a moment', ar: 'يجري التحقق من محاولة دخول أخرى من هذا العنوان، يرجى المحاولة بعد لحظات' },
} satisfies Record<string, BilingualMessage>;
