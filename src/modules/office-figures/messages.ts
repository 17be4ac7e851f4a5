// Why a figures file was refused, in both languages. The API answers them as the usual error
// body; the command line prints the English line and exits with code 1.
import type { BilingualMessage } from '../../errors';

export const figuresMessages = {
  // The same words as a bundle's (docs/product-rules.md, Messages): the dashboard shows both on one screen.
  tooLarge: { en: 'The bundle is larger than this site accepts', ar: 'حجم الحزمة أكبر مما يقبله هذا الموقع' },
  noFile: { en: 'Choose a bundle file first', ar: 'اختر ملف الحزمة أولاً' },
  officeNameMissing: {
    en: 'Give this site a name first (Content bundles, This site\'s name), so headquarters knows whose figures these are',
    ar: 'أعطِ هذا الموقع اسماً أولاً (حزم المحتوى، اسم هذا الموقع) ليعرف المقر الرئيسي لمن هذه الأرقام',
  },
  statsDamaged: {
    en: 'The figures file is damaged or is not a field office\'s figures file',
    ar: 'ملف الأرقام تالف أو ليس ملف أرقام مكتب ميداني',
  },
  statsOlder: {
    en: 'A newer figures file from this office was already imported: nothing was changed',
    ar: 'تم استيراد ملف أرقام أحدث من هذا المكتب من قبل: لم يتغير شيء',
  },
} satisfies Record<string, BilingualMessage>;
