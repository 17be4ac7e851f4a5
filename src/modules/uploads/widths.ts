// The width of each uploaded picture an answer shows, so a page's srcset names only the variants
// that exist (those narrower than the picture, and the picture itself at its own width). Read from
// the file's first bytes (image-size) and remembered; what is remembered is dropped on every
// content change (a bundle may bring a file that was missing, a picture path may be new).
import path from 'node:path';
import { imageSizeFromFile } from 'image-size/fromFile';
import type { ContentChanges } from '../../content-changes';
import { fileOfPublicPath } from './storage';

/** Widths kept in memory at most (a few tens of bytes each); past it they are read again. */
const REMEMBERED = 20_000;

/** The widths of pictures by path, as answers carry them (imageWidths). */
export type ImageWidths = Record<string, number>;

export class UploadWidths {
  private readonly known = new Map<string, number | null>();

  constructor(private readonly uploadsDir: string, changes: ContentChanges) {
    changes.listen(() => this.known.clear());
  }

  /** The picture's width in pixels, or null for a PDF, a missing or unreadable file, or any other path. */
  async widthOf(publicPath: string): Promise<number | null> {
    if (this.known.has(publicPath)) return this.known.get(publicPath)!;
    const file = publicPath.endsWith('.pdf') ? null : fileOfPublicPath(this.uploadsDir, publicPath);
    const size = file ? await imageSizeFromFile(path.resolve(file)).catch(() => null) : null;
    const width = size?.width ?? null;
    if (this.known.size >= REMEMBERED) this.known.clear();
    this.known.set(publicPath, width);
    return width;
  }

  /** The item with `imageWidths`, the width of each of these pictures it shows by path (absent when none is known). */
  async annotate<T extends object>(item: T, pictures: Array<string | undefined>): Promise<T & { imageWidths?: ImageWidths }> {
    const imageWidths: ImageWidths = {};
    for (const picture of pictures) {
      if (!picture || picture in imageWidths) continue;
      // Remembered widths are read without awaiting a promise each (every API read of a post comes here).
      const width = this.known.has(picture) ? this.known.get(picture) : await this.widthOf(picture);
      if (width) imageWidths[picture] = width;
    }
    return Object.keys(imageWidths).length > 0 ? { ...item, imageWidths } : item;
  }
}

/** The pictures of a post, a page text and a city (the fields their pages show with a srcset). */
export const picturesOfPost = (post: { image: string; pictures: string[] }) => [post.image, ...post.pictures];
export const picturesOfContent = (content: { image: string }) => [content.image];
export const picturesOfCity = (city: { thumbnail: string; countryMap: string; cityMap: string; cityMapAdd: string }) =>
  [city.thumbnail, city.countryMap, city.cityMap, city.cityMapAdd];
