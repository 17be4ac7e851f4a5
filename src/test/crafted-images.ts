// Images crafted the way an attacker (or an unlucky staff member) would send them: small files
// that describe a huge amount of decoding work.
import sharp from 'sharp';

/** A GIF of 16 frames of 2,500 x 2,500 (100 megapixels in all), a few tens of kB. */
export async function sixteenFrameGif(): Promise<Buffer> {
  // Each frame of its own colour: identical frames would be merged by the encoder.
  const frames = await Promise.all(Array.from({ length: 16 }, (_, index) =>
    sharp({ create: { width: 2500, height: 2500, channels: 3, background: { r: index * 15, g: 30, b: 30 } } }).png({ compressionLevel: 1 }).toBuffer()));
  return sharp(frames, { join: { animated: true } }).gif({ effort: 1 }).toBuffer();
}

/** A PNG of 10,000 x 10,000 (100 megapixels) of one colour, about 300 kB. */
export function hundredMegapixelPng(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 20, g: 90, b: 60 } } }).png().toBuffer();
}

/** A photo-sized JPEG of noise (the worst case for an encoder), a few MB. */
export function noisyPhoto(width = 3000, height = 2250): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).jpeg({ quality: 85 }).toBuffer();
}
