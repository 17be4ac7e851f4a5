// The one rule alt texts have beyond their schema: an image of a bilingual page is decorative in
// both languages or in neither (decorative is about the image, not the language).
import { apiError, type BilingualMessage } from '../errors';

export const decorativeInOneLanguage: BilingualMessage = {
  en: 'Mark the image decorative in both languages, or describe it in both',
  ar: 'حدّد الصورة كزخرفية في اللغتين معاً، أو صِفها في اللغتين',
};

/** Throws a 400 naming `field` when one language says decorative ('') and the other does not. */
export function assertDecorativeInBoth(en: string | null, ar: string | null, field: string): void {
  if ((en === '') !== (ar === '')) throw apiError(400, decorativeInOneLanguage, field);
}
