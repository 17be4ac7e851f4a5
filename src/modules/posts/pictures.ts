// A post's album is kept in two JSON columns, `pictures` (the upload paths) and `pictures_alt`
// (one alt text per picture, in the same order). This is the one place that reads and writes them.

export interface Album {
  pictures: string[];
  /** Same length and order as pictures; null = not filled in yet, '' = decorative. */
  picturesAlt: Array<string | null>;
}

/** The album of a stored row; a picture without a stored alt text reads as not filled in. */
export function albumOf(row: { pictures: string; pictures_alt: string }): Album {
  const pictures = JSON.parse(row.pictures) as string[];
  const alts = JSON.parse(row.pictures_alt) as Array<string | null>;
  return { pictures, picturesAlt: pictures.map((_, index) => alts[index] ?? null) };
}

/** The two columns of an album, an alt text for every picture. */
export function albumColumns(album: Album): { pictures: string; pictures_alt: string } {
  return { pictures: JSON.stringify(album.pictures), pictures_alt: JSON.stringify(album.pictures.map((_, index) => album.picturesAlt[index] ?? null)) };
}
