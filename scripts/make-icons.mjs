// `node scripts/make-icons.mjs`: draws the installed app's icons (client/public/icons/*.png) from
// the site's mark (the favicon's tick in a teal disc). The PNGs are committed; run this again only
// when the mark changes. "any" icons: the disc on a transparent ground; "maskable" icons: the
// ground is full-bleed teal and the tick sits inside the central safe zone (80 %), so launchers
// that crop to a circle or a squircle never cut it. Also the site's default link-preview picture
// (client/public/share-image.png, 1,200 x 630, the size Open Graph and Twitter cards ask for): the
// mark on the teal ground, without text, so it needs no font and says nothing in one language only
// (its description, in the page's language, is the og:image:alt the pages module writes).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'public', 'icons');
const TEAL = '#0f766e';
const tick = (stroke) => `<path d="M9 17l5 5 9-11" stroke="#fff" stroke-width="${stroke}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${TEAL}"/>${tick(3)}</svg>`;
// The tick at 80 % around the centre (about a third of the width): well inside the 80 % safe zone.
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TEAL}"/><g transform="translate(3.2 3.2) scale(0.8)">${tick(3)}</g></svg>`;

for (const size of [192, 512]) {
  await sharp(Buffer.from(anyIcon), { density: 72 * size / 32 }).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(path.join(outDir, `icon-${size}.png`));
  await sharp(Buffer.from(maskableIcon), { density: 72 * size / 32 }).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(path.join(outDir, `icon-maskable-${size}.png`));
}
const SHARE = { width: 1200, height: 630 };
const shareImage = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SHARE.width} ${SHARE.height}"><rect width="${SHARE.width}" height="${SHARE.height}" fill="${TEAL}"/>`
  + `<circle cx="600" cy="315" r="190" fill="#fff"/><g transform="translate(600 315) scale(16) translate(-16 -16)"><path d="M9 17l5 5 9-11" stroke="${TEAL}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;
await sharp(Buffer.from(shareImage)).resize(SHARE.width, SHARE.height).png({ compressionLevel: 9, palette: true }).toFile(path.join(outDir, '..', 'share-image.png'));
console.log(`icons written to ${path.relative(process.cwd(), outDir)}, share-image.png beside them`);
