// An uploaded image with its responsive variants (written beside it on upload, and answered by
// the original until an older image has them), so a phone downloads the 480 px one, not 2,560.
// The srcset names only what exists: the variants narrower than the picture, and the picture
// itself at its own width, which the API answers give (imageWidths). Without it, no srcset.
import type { ImgHTMLAttributes } from 'react';
import { imageVariantPath, variantWidthsFor } from '@shared/domain';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> & {
  src: string;
  /** The staff's alt text; null (not filled in yet) reads as decorative until it is. */
  alt: string | null | undefined;
  /** How wide the image is shown, as for the sizes attribute. */
  sizes: string;
  /** The widths of the answer's pictures by path (its imageWidths). */
  widths: Readonly<Record<string, number>> | undefined;
};

/** The srcset of an uploaded picture of this width: its narrower variants, then itself. */
export function srcSetOf(src: string, width: number | undefined): string | undefined {
  if (!src.startsWith('/uploads/') || !width) return undefined;
  return [...variantWidthsFor(width).map((variant) => `${imageVariantPath(src, variant)} ${variant}w`), `${src} ${width}w`].join(', ');
}

export function ResponsiveImage({ src, alt, sizes, widths, ...rest }: Props) {
  const srcSet = srcSetOf(src, widths?.[src]);
  return <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt ?? ''} {...rest} />;
}

/** The alt text of a bilingual image (About, cities) in the page's language. */
export function altIn(language: string | undefined, en: string | null | undefined, ar: string | null | undefined): string | null {
  return (language === 'ar' ? ar : en) ?? null;
}
