// An uploaded image with its responsive variants (written beside it on upload, and answered by
// the original until an older image has them), so a phone downloads the 480 px one, not 2,560.
import type { ImgHTMLAttributes } from 'react';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '@shared/domain';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> & {
  src: string;
  /** The staff's alt text; null (not filled in yet) reads as decorative until it is. */
  alt: string | null | undefined;
  /** How wide the image is shown, as for the sizes attribute. */
  sizes: string;
};

export function ResponsiveImage({ src, alt, sizes, ...rest }: Props) {
  const isUpload = src.startsWith('/uploads/');
  const srcSet = isUpload ? IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantPath(src, width)} ${width}w`).join(', ') : undefined;
  return <img src={src} srcSet={srcSet} sizes={isUpload ? sizes : undefined} alt={alt ?? ''} {...rest} />;
}

/** The alt text of a bilingual image (About, cities) in the page's language. */
export function altIn(language: string | undefined, en: string | null | undefined, ar: string | null | undefined): string | null {
  return (language === 'ar' ? ar : en) ?? null;
}
