// docs/api-contract.md: 10 MB an image, 25 MB a PDF, 20 pictures a call. Apart from the routes so that code
// without Fastify (content bundles) applies the same bounds.
const MB = 1024 * 1024;
export const UPLOAD_LIMITS = { imageBytes: 10 * MB, pdfBytes: 25 * MB, picturesPerCall: 20 } as const;

/**
 * The work one upload request may ask for, in decoded pixels, read from the files' headers before
 * anything is decoded. A small file can describe a huge canvas, and an animation is decoded and
 * encoded once per frame for the stored image and each variant: a 1.26 MB GIF of 16 frames of
 * 2,500 x 2,500 kept the server busy 38 s, past the 30 s idle limit. Animations cost about four
 * times a still image per pixel (measured: docs/decisions.md), so their pixels count four times.
 */
export const DECODE_LIMITS = {
  /** One image, all frames together. */
  pixelsPerImage: 100_000_000,
  /** All the images of one request together. */
  pixelsPerRequest: 200_000_000,
  framesPerImage: 200,
  animationWeight: 4,
} as const;

/** What decoding this image costs against DECODE_LIMITS. */
export function decodeCost(width: number, height: number, frames: number): number {
  return width * height * (frames > 1 ? DECODE_LIMITS.animationWeight : 1);
}
