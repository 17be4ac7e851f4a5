// Every uploaded image is decoded and written again, so nothing of the file as sent survives:
// no EXIF (GPS position, phone model, time), XMP, IPTC or comments. The result is WebP (animated
// GIFs stay animated), turned the right way up, at most MAX_IMAGE_SIDE px on its longest side,
// with only an sRGB colour profile. Responsive variants are written beside it.
import { rename } from 'node:fs/promises';
import { imageSizeFromFile } from 'image-size/fromFile';
import path from 'node:path';
import type { Sharp, SharpOptions } from 'sharp';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath, variantWidthsFor, type ImageVariantWidth } from '@shared/domain';
import { apiError, messages } from '../../errors';
import { syncFile } from '@shared/durable-files';
import { TEMP_PREFIX, publicPathOf, removeQuietly } from './storage';

export const MAX_IMAGE_SIDE = 2560;
/**
 * A small file can claim a huge canvas (a decompression bomb): refused before decoding. 100
 * megapixels leaves room for any phone photo and, for an animated GIF, all its frames together.
 */
export const MAX_INPUT_PIXELS = 100_000_000;
const WEBP = { quality: 80, effort: 4 } as const;

type SharpFactory = (input?: string | Buffer, options?: SharpOptions) => Sharp;
let sharpModule: Promise<SharpFactory> | null = null;

/**
 * sharp (libvips) costs about 20 MB of memory: loaded on the first image, never at start. Its
 * operation cache is off, so memory goes back down after an upload.
 */
export function loadSharp(): Promise<SharpFactory> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp as unknown as SharpFactory;
  });
  return sharpModule;
}

const inputOptions = { animated: true, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/** Width, height (all frames together) and frames of an image, from its header: nothing is decoded. */
export async function inspectImage(file: string): Promise<{ width: number; height: number; frames: number } | null> {
  const sharp = await loadSharp();
  try {
    const { width = 0, height = 0, pages = 1 } = await sharp(file, { animated: true, limitInputPixels: false }).metadata();
    return { width, height, frames: pages };
  } catch (error) {
    if (isSystemError(error)) throw error;
    return null;
  }
}

/** The variants of a stored file at these widths (all of them by default): its name with -480w.webp etc. */
export function variantFileNames(fileName: string, widths: readonly ImageVariantWidth[] = IMAGE_VARIANT_WIDTHS): string[] {
  return widths.map((width) => path.basename(imageVariantPath(`/${fileName}`, width)));
}

/**
 * The variant files a processed image of this width has: one per variant width narrower than it,
 * and always the smallest (at most the image's own width), which marks an image as processed (an
 * image stored before uploads were re-encoded has none). A page's srcset names only the narrower
 * ones (variantWidthsFor), so the smallest of a narrow image is never announced at 480 px.
 */
export function storedVariantWidths(width: number): ImageVariantWidth[] {
  const narrower = variantWidthsFor(width);
  return narrower.length > 0 ? narrower : [IMAGE_VARIANT_WIDTHS[0]];
}

/** The variants a stored image should have (its width read from its header). */
export async function expectedVariantNames(uploadsDir: string, fileName: string): Promise<string[]> {
  const size = await imageSizeFromFile(path.join(uploadsDir, fileName)).catch(() => null);
  return variantFileNames(fileName, size?.width ? storedVariantWidths(size.width) : IMAGE_VARIANT_WIDTHS);
}

/**
 * Writes the responsive variants of a stored WebP (or of an older upload in another format): one
 * per variant width narrower than the image, never an enlargement or a copy of it.
 */
export async function writeVariants(uploadsDir: string, fileName: string): Promise<void> {
  const sharp = await loadSharp();
  const source = path.join(uploadsDir, fileName);
  const { width = 0, pages = 1 } = await sharp(source, inputOptions).metadata();
  const widths = storedVariantWidths(width);
  const names = variantFileNames(fileName, widths);
  const written: string[] = [];
  try {
    for (const [index, variantName] of names.entries()) {
      const temp = path.join(uploadsDir, `${TEMP_PREFIX}${variantName}`);
      written.push(temp);
      await orient(sharp(source, inputOptions), pages).resize({ width: widths[index], withoutEnlargement: true }).withIccProfile('srgb').webp(WEBP).toFile(temp);
    }
    // Each variant's bytes are on disk before its name (the caller fsyncs the folder).
    for (const temp of written) await syncFile(temp);
    for (const [index, variantName] of names.entries()) await rename(written[index], path.join(uploadsDir, variantName));
  } catch (error) {
    for (const temp of written) await removeQuietly(temp);
    throw error;
  }
}

/** Frames of an animation carry no orientation; a still image is turned by its EXIF tag. */
function orient(image: Sharp, pages: number): Sharp {
  return pages > 1 ? image : image.autoOrient();
}

type OutputFormat = 'webp' | 'jpeg' | 'png' | 'gif';

/** The one pipeline every stored image goes through: oriented, capped, sRGB, no other metadata. */
async function encode(input: string, output: string, format: OutputFormat): Promise<void> {
  const sharp = await loadSharp();
  const { pages = 1 } = await sharp(input, inputOptions).metadata();
  const image = orient(sharp(input, inputOptions), pages)
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
    .withIccProfile('srgb');
  await (format === 'webp' ? image.webp(WEBP) : image.toFormat(format)).toFile(output);
}

/**
 * Re-encodes the image in `tempFile` (as received) into `<baseName>.webp` with its variants and
 * answers the public path. A file sharp cannot decode is refused as an unsupported type; the
 * received bytes are removed by the caller whatever happens.
 */
export async function storeImage(tempFile: string, uploadsDir: string, baseName: string, field: string): Promise<string> {
  const fileName = `${baseName}.webp`;
  const encodedTemp = path.join(uploadsDir, `${TEMP_PREFIX}${fileName}`);
  try {
    await encode(tempFile, encodedTemp, 'webp');
  } catch (error) {
    await removeQuietly(encodedTemp);
    if (isSystemError(error)) throw error;
    const tooLarge = /pixel limit/i.test((error as Error).message ?? '');
    throw tooLarge ? apiError(413, messages.fileTooLarge, field) : apiError(415, messages.fileTypeNotSupported, field);
  }
  try {
    await syncFile(encodedTemp);
  } catch (error) {
    await removeQuietly(encodedTemp);
    throw error;
  }
  await rename(encodedTemp, path.join(uploadsDir, fileName));
  try {
    await writeVariants(uploadsDir, fileName);
  } catch (error) {
    await removeQuietly(path.join(uploadsDir, fileName));
    throw error;
  }
  return publicPathOf(fileName);
}

const FORMAT_OF_EXTENSION: Record<string, OutputFormat> = { webp: 'webp', jpg: 'jpeg', png: 'png', gif: 'gif' };

/**
 * An image stored before uploads were re-encoded (as sent, metadata and all): cleaned in place,
 * keeping its name and format so every record that shows it stays valid, then given variants.
 */
export async function upgradeStoredImage(uploadsDir: string, fileName: string): Promise<void> {
  const format = FORMAT_OF_EXTENSION[fileName.slice(fileName.lastIndexOf('.') + 1)];
  if (!format) return;
  const file = path.join(uploadsDir, fileName);
  const temp = path.join(uploadsDir, `${TEMP_PREFIX}${fileName}`);
  try {
    await encode(file, temp, format);
    await syncFile(temp);
    await rename(temp, file);
  } finally {
    await removeQuietly(temp);
  }
  await writeVariants(uploadsDir, fileName);
}

/** A failing disk stays a server error (logged); anything else sharp throws is about the file. */
function isSystemError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException).syscall === 'string';
}
