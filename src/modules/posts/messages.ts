import type { BilingualMessage } from '../../errors';

export const postMessages = {
  postNotFound: { en: 'Post not found', ar: 'المنشور غير موجود' },
  notOwner: { en: 'You can only change your own posts', ar: 'يمكنك تعديل منشوراتك فقط' },
} satisfies Record<string, BilingualMessage>;
