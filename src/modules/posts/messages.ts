import type { BilingualMessage } from '../../errors';

export const postMessages = {
  postNotFound: { en: 'Post not found', ar: 'المنشور غير موجود' },
  notOwner: { en: 'You can only change your own posts', ar: 'يمكنك تعديل منشوراتك فقط' },
  publishAtRequired: { en: 'A scheduled post needs the time it will be published', ar: 'يحتاج المنشور المجدول إلى وقت نشره' },
  publishAtInvalid: { en: 'The publication time is not a valid date and time with its time zone', ar: 'وقت النشر ليس تاريخاً ووقتاً صالحين مع المنطقة الزمنية' },
  publishAtPast: { en: 'The publication time must be in the future', ar: 'يجب أن يكون وقت النشر في المستقبل' },
  translationSelf: { en: 'A post cannot be its own translation', ar: 'لا يمكن أن يكون المنشور ترجمة لنفسه' },
  translationNotFound: { en: 'The translation was not found', ar: 'الترجمة غير موجودة' },
  translationSameLanguage: { en: 'The translation must be in the other language', ar: 'يجب أن تكون الترجمة باللغة الأخرى' },
  translationNotOwner: { en: 'You can only link posts you may edit', ar: 'يمكنك ربط المنشورات التي يحق لك تعديلها فقط' },
  translationTaken: {
    en: 'That post is already the translation of another post: unlink it there first',
    ar: 'هذا المنشور مرتبط بالفعل كترجمة لمنشور آخر: ألغِ الربط هناك أولاً',
  },
} satisfies Record<string, BilingualMessage>;
