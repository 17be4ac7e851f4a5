// docs/product-rules.md, Constants: the excerpt length follows the window width. Each table row is read as the
// lowest width at which its length applies.
const WIDTH_TABLE: ReadonlyArray<readonly [minWidth: number, length: number]> = [
  [1920, 1400],
  [1565, 1145],
  [1309, 930],
  [1069, 754],
  [856, 591],
  [719, 448],
  [601, 344],
];
const NARROW_LENGTH = 145;

export function excerptLength(windowWidth: number): number {
  for (const [minWidth, length] of WIDTH_TABLE) if (windowWidth >= minWidth) return length;
  return NARROW_LENGTH;
}

/** The description cut to the length for this width, always followed by dots (as the spec shows). */
export function excerpt(text: string, windowWidth: number): string {
  return `${Array.from(text).slice(0, excerptLength(windowWidth)).join('')}...`;
}
