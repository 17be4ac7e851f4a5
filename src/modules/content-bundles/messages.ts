// Why a bundle was refused, in both languages. The API answers them as the usual
// error body; the command line prints them in English, then Arabic, and exits with code 1.
import type { BilingualMessage } from '../../errors';

export class BundleRefusedError extends Error {
  constructor(readonly statusCode: number, readonly reason: BilingualMessage, readonly field: string | null = null) {
    super(reason.en);
    this.name = 'BundleRefusedError';
  }
}

export function refused(statusCode: number, reason: BilingualMessage, field: string | null = null): BundleRefusedError {
  return new BundleRefusedError(statusCode, reason, field);
}

const NOTHING_CHANGED = { en: 'nothing was changed', ar: 'لم يتغير شيء' } as const;

/**
 * A refusal as the command line prints it, in both languages as the dashboard shows it (field
 * offices' operators read Arabic): the English lines, then the Arabic ones, each saying that
 * nothing was changed.
 */
export function refusalLines(reason: BilingualMessage): string[] {
  const said = (text: string, nothing: string) => (text.includes(nothing) ? [] : [nothing]);
  return [
    `refused: ${reason.en}`, ...said(reason.en, NOTHING_CHANGED.en),
    `مرفوض: ${reason.ar}`, ...said(reason.ar, NOTHING_CHANGED.ar),
  ];
}

export const bundleMessages = {
  serverRunning: {
    en: 'The server is running: import from Dashboard > Content bundles (it refreshes the public site at once), or stop the server first',
    ar: 'الخادم يعمل: استورد الحزمة من لوحة التحكم > حزم المحتوى (تُحدَّث الصفحات العامة فوراً)، أو أوقف الخادم أولاً',
  },
  importRunning: {
    en: 'Another content bundle is being applied: wait until it is done, then try again',
    ar: 'يجري تطبيق حزمة محتوى أخرى: انتظر حتى تنتهي ثم حاول مرة أخرى',
  },
  tooLarge: { en: 'The bundle is larger than this site accepts', ar: 'حجم الحزمة أكبر مما يقبله هذا الموقع' },
  damaged: { en: 'The bundle file is damaged or is not a content bundle', ar: 'ملف الحزمة تالف أو ليس حزمة محتوى' },
  unsigned: { en: 'The bundle carries no valid signature', ar: 'لا تحمل الحزمة توقيعاً صالحاً' },
  untrustedKey: {
    en: 'The bundle is signed by a key this site does not trust: add headquarters\' public key under Content bundles first',
    ar: 'الحزمة موقّعة بمفتاح لا يثق به هذا الموقع: أضف أولاً المفتاح العام للمقر الرئيسي في صفحة حزم المحتوى',
  },
  badSignature: {
    en: 'The bundle\'s signature does not match its contents: it was changed after it was made',
    ar: 'توقيع الحزمة لا يطابق محتواها: لقد تم تغييرها بعد إنشائها',
  },
  checksumMismatch: {
    en: 'A file in the bundle does not match its checksum: the bundle is damaged or was changed',
    ar: 'أحد ملفات الحزمة لا يطابق مجموعه الاختباري: الحزمة تالفة أو تم تغييرها',
  },
  unlistedMember: { en: 'The bundle holds a file its manifest does not list', ar: 'تحتوي الحزمة على ملف غير مذكور في بيانها' },
  newerFormat: {
    en: 'The bundle was made by a newer version of the site: update this site first, then apply it again',
    ar: 'أُنشئت الحزمة بإصدار أحدث من الموقع: حدّث هذا الموقع أولاً ثم طبّقها مرة أخرى',
  },
  badContent: { en: 'The bundle\'s content is not in the expected form', ar: 'محتوى الحزمة ليس بالشكل المتوقع' },
  badUpload: { en: 'A file in the bundle is not an image or PDF this site accepts', ar: 'أحد ملفات الحزمة ليس صورة أو ملف PDF يقبله هذا الموقع' },
  alreadyApplied: {
    en: 'This bundle was already applied here: nothing was changed',
    ar: 'تم تطبيق هذه الحزمة هنا من قبل: لم يتغير شيء',
  },
  olderThanApplied: {
    en: 'This bundle is older than the last bundle applied here from the same headquarters: nothing was changed',
    ar: 'هذه الحزمة أقدم من آخر حزمة طُبّقت هنا من المقر الرئيسي نفسه: لم يتغير شيء',
  },
  baseMissing: {
    en: 'This bundle only holds the changes since an earlier bundle that was not the last one applied here: ask headquarters for a full bundle',
    ar: 'تحتوي هذه الحزمة على التغييرات منذ حزمة سابقة لم تكن آخر حزمة طُبّقت هنا: اطلب من المقر الرئيسي حزمة كاملة',
  },
  fileConflict: {
    en: 'A file of the bundle has the same name as a different file already stored here: nothing was changed',
    ar: 'أحد ملفات الحزمة يحمل اسم ملف مختلف محفوظ هنا مسبقاً: لم يتغير شيء',
  },
  noFile: { en: 'Choose a bundle file first', ar: 'اختر ملف الحزمة أولاً' },
  busy: { en: 'Another bundle is being applied: try again in a moment', ar: 'يجري تطبيق حزمة أخرى: حاول مرة أخرى بعد لحظات' },
  unknownBase: {
    en: 'No bundle with this id was made here, so the changes since it cannot be found',
    ar: 'لم تُنشأ هنا أي حزمة بهذا المعرّف، لذا لا يمكن إيجاد التغييرات منذها',
  },
  noSigningKey: {
    en: 'This site has no signing key yet: make it under Content bundles, Send content to field offices',
    ar: 'لا يملك هذا الموقع مفتاح توقيع بعد: أنشئه في حزم المحتوى، إرسال المحتوى إلى المكاتب الميدانية',
  },
  signingKeyUnreadable: {
    en: 'This site\'s signing key file is damaged or is not a signing key: the person who runs this machine must replace it',
    ar: 'ملف مفتاح التوقيع لهذا الموقع تالف أو ليس مفتاح توقيع: على الشخص الذي يدير هذا الجهاز استبداله',
  },
  badKeyLine: {
    en: 'Each trusted key is one line starting with ed25519:, as headquarters gives it',
    ar: 'كل مفتاح موثوق هو سطر واحد يبدأ بـ ed25519: كما يقدمه المقر الرئيسي',
  },
} satisfies Record<string, BilingualMessage>;
