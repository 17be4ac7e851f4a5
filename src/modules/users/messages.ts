import type { BilingualMessage } from '../../errors';

export const userMessages = {
  wrongCredentials: { en: 'Invalid email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  passwordsMismatch: { en: 'Passwords Should match', ar: 'كلمتا المرور غير متطابقتين' },
  emailTaken: { en: 'A user with this email already exists', ar: 'يوجد مستخدم بهذا البريد الإلكتروني مسبقاً' },
  userNotFound: { en: 'User not found', ar: 'المستخدم غير موجود' },
  cannotDeleteSelf: { en: 'You cannot delete your own account', ar: 'لا يمكنك حذف حسابك الخاص' },
  cannotDisableSelf: { en: 'You cannot disable your own account', ar: 'لا يمكنك تعطيل حسابك الخاص' },
  cannotResetOwnPassword: { en: 'Change your own password under "My password", with your current password', ar: 'غيّر كلمة مرورك من صفحة "كلمة المرور الخاصة بي" باستخدام كلمة مرورك الحالية' },
  lastAdmin: { en: 'The last active administrator cannot be demoted, disabled or deleted: make another administrator first', ar: 'لا يمكن خفض صلاحية آخر مشرف نشط أو تعطيله أو حذفه: عيّن مشرفاً آخر أولاً' },
  roleConflict: { en: 'role and isAdmin/isAuthor say different things: send role only', ar: 'الدور لا يتوافق مع isAdmin/isAuthor: أرسل الدور فقط' },
  tooManyLogins: { en: 'Too many failed logins, please try again later', ar: 'محاولات دخول فاشلة كثيرة، يرجى المحاولة لاحقاً' },
  tooManyPasswordAttempts: { en: 'Too many wrong passwords, please try again later', ar: 'تم إدخال كلمة مرور خاطئة مرات كثيرة، يرجى المحاولة لاحقاً' },
  wrongCurrentPassword: { en: 'The current password is not correct', ar: 'كلمة المرور الحالية غير صحيحة' },
  samePassword: { en: 'Choose a password different from the current one', ar: 'اختر كلمة مرور مختلفة عن الحالية' },
  accountBusy: { en: 'Too many login attempts for this account are waiting, please try again in a moment', ar: 'توجد محاولات دخول كثيرة بانتظار التحقق لهذا الحساب، يرجى المحاولة بعد لحظات' },
  loginInProgress: { en: 'Another login from this address is being checked, please try again in a moment', ar: 'يجري التحقق من محاولة دخول أخرى من هذا العنوان، يرجى المحاولة بعد لحظات' },
} satisfies Record<string, BilingualMessage>;
