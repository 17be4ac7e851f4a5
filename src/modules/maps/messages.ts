import type { BilingualMessage } from '../../errors';

export const mapsMessages = {
  cityNotFound: { en: 'City not found', ar: 'المدينة غير موجودة' },
  nameTaken: { en: 'A city with this name already exists', ar: 'توجد مدينة بهذا الاسم مسبقاً' },
  phoneInvalid: {
    en: 'Phone number may only contain digits, spaces, +, - and brackets, like +964 770 123 4567',
    ar: 'يجب أن يحتوي رقم الهاتف على أرقام ومسافات و + و - وأقواس فقط، مثل \u2066+964 770 123 4567\u2069',
  },
  /** An Arabic field holding Latin text only would show Latin on Arabic pages, which the fallback already does. */
  nameArNotArabic: { en: 'The Arabic name must be written in Arabic letters', ar: 'يجب كتابة الاسم العربي بحروف عربية' },
  addressArNotArabic: { en: 'The Arabic address must contain Arabic letters', ar: 'يجب أن يحتوي العنوان العربي على حروف عربية' },
  latitudeInvalid: { en: 'Latitude must be a number between -90 and 90', ar: 'يجب أن يكون خط العرض رقماً بين -90 و 90' },
  longitudeInvalid: { en: 'Longitude must be a number between -180 and 180', ar: 'يجب أن يكون خط الطول رقماً بين -180 و 180' },
} satisfies Record<string, BilingualMessage>;
