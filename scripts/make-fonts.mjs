// `npm run fonts`: writes the site's web fonts, subset to what each script needs, into
// client/src/fonts/, and their @font-face rules into client/src/styles/fonts.css. Both are committed;
// run this again only to change the faces, their ranges or the fallbacks (docs/decisions.md, "Arabic type").
//
// - Each family is split by unicode-range into a small file of what its pages use all the time and a
//   file of the rest of its script, fetched only by a page whose text needs it. English pages name
//   no Arabic family, so they never fetch an Arabic file.
// - Each family has metric-matched fallback faces: a font the phone or computer already has (local()),
//   scaled (size-adjust) so a line of text is as wide as in the web font, with the web font's ascent
//   and descent, so the swap to the web font moves nothing on the page.
//
// Sources: the @fontsource packages (devDependencies). The DejaVu fallbacks are measured on Debian's
// fonts-dejavu-core (/usr/share/fonts/truetype/dejavu), which the browser tests' Chromium uses too.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fontsDir = path.join(root, 'client', 'src', 'fonts');
const cssFile = path.join(root, 'client', 'src', 'styles', 'fonts.css');
const fontsource = (pkg, file) => path.join(root, 'node_modules', '@fontsource', pkg, 'files', file);
const DEJAVU = '/usr/share/fonts/truetype/dejavu';

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const chars = (text) => [...text].map((char) => char.codePointAt(0));

/**
 * What Arabic pages use all the time: the letters of Arabic (with the Persian and Kurdish letters
 * of Iraqi names and loanwords), its marks, digits and punctuation, the joiners and direction marks,
 * and the space (so Arabic words are spaced in the Arabic face and fetch no Latin file for it).
 */
const ARABIC_EVERYDAY = [
  0x20, 0xa0, ...chars('\u060C\u061B\u061F\u0640\u0670\u0671'), ...range(0x0621, 0x063a), ...range(0x0641, 0x0652), ...range(0x0660, 0x066d),
  ...chars('\u067E\u0686\u0698\u06A4\u06A9\u06AF\u06CC\u06D5\u06C6\u06CE\u0695\u06B5\u06BE'), ...range(0x06f0, 0x06f9), ...range(0x200c, 0x200f),
];
/** What English text uses all the time: printable ASCII and the common typographic marks. */
const LATIN_EVERYDAY = [...range(0x20, 0x7e), ...chars('\u00A0\u00AB\u00BB\u00A9\u00D7\u00F7\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026')];

/** Sentences of the site's own kind, to compare the widths of a web font and a fallback. */
const SAMPLE = {
  arabic: 'إذا تعرّفت على هذا الوضع، يمكنك الاتصال بالخط الساخن المجاني في أي وقت، أو زيارة أحد الفروع على خريطة الخدمات. المساعدة سرّية ولا تتوقف على أوراقك الثبوتية. طلب المساعدة من نحن القانون الدولي والعراقي',
  latin: 'If you recognise this situation, you can call the free hotline at any hour, or visit one of the branches on the service map. Help is confidential and does not depend on your papers. Seeking help About us International and Iraqi law',
};

const FAMILIES = {
  arabic: {
    family: 'Noto Sans Arabic',
    file: 'noto-sans-arabic',
    source: (weight) => fontsource('noto-sans-arabic', `noto-sans-arabic-arabic-${weight}-normal.woff2`),
    /** The whole script (its blocks and presentation forms): the "more" face and the fallbacks claim it. */
    block: () => 'U+600-6FF, U+750-77F, U+870-8FF, U+FB50-FDFF, U+FE70-FEFF',
    everyday: ARABIC_EVERYDAY,
    fallbacks: [
      // Android's own Arabic face: what most visitors' phones show before the web font arrives.
      { name: 'Naskh', local: { 400: ['Noto Naskh Arabic', 'NotoNaskhArabic-Regular', 'Noto Naskh Arabic UI', 'NotoNaskhArabicUI-Regular'], 700: ['Noto Naskh Arabic Bold', 'NotoNaskhArabic-Bold', 'Noto Naskh Arabic UI Bold', 'NotoNaskhArabicUI-Bold'] },
        measure: (weight) => fontsource('noto-naskh-arabic', `noto-naskh-arabic-arabic-${weight}-normal.woff2`) },
      { name: 'DejaVu', local: { 400: ['DejaVu Sans', 'DejaVuSans'], 700: ['DejaVu Sans Bold', 'DejaVuSans-Bold'] },
        measure: (weight) => path.join(DEJAVU, weight === 700 ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf') },
    ],
    sample: SAMPLE.arabic,
  },
  latin: {
    family: 'Noto Sans',
    file: 'noto-sans',
    source: (weight) => fontsource('noto-sans', `noto-sans-latin-${weight}-normal.woff2`),
    /** The whole script, as the source package splits it. */
    block: () => unicodeBlock('noto-sans', 'latin'),
    everyday: LATIN_EVERYDAY,
    fallbacks: [
      { name: 'Roboto', local: { 400: ['Roboto', 'Roboto-Regular'], 700: ['Roboto Bold', 'Roboto-Bold'] },
        measure: (weight) => fontsource('roboto', `roboto-latin-${weight}-normal.woff2`) },
      // Arimo has Arial's metrics (it was drawn to replace it): Windows and most desktops.
      { name: 'Arial', local: { 400: ['Arial', 'ArialMT'], 700: ['Arial Bold', 'Arial-BoldMT'] },
        measure: (weight) => fontsource('arimo', `arimo-latin-${weight}-normal.woff2`) },
      { name: 'DejaVu', local: { 400: ['DejaVu Sans', 'DejaVuSans'], 700: ['DejaVu Sans Bold', 'DejaVuSans-Bold'] },
        measure: (weight) => path.join(DEJAVU, weight === 700 ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf') },
    ],
    sample: SAMPLE.latin,
  },
};
const WEIGHTS = [400, 700];

/** 'U+20,U+600-6FF': consecutive code points as ranges. */
function unicodeRange(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    let end = i;
    while (sorted[end + 1] === sorted[end] + 1) end++;
    const hex = (n) => n.toString(16).toUpperCase();
    parts.push(end > i ? `U+${hex(sorted[i])}-${hex(sorted[end])}` : `U+${hex(sorted[i])}`);
    i = end;
  }
  return parts.join(', ');
}

/** The unicode-range the @fontsource package gives a script's file. */
function unicodeBlock(pkg, subset) {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', '@fontsource', pkg, 'unicode.json'), 'utf8'))[subset].replace(/,/g, ', ');
}

/** Width of the sample in ems, shaped as a browser shapes it. */
const widthOf = (font, text) => font.layout(text).advanceWidth / font.unitsPerEm;
const percent = (value) => `${(value * 100).toFixed(2)}%`;

async function main() {
  mkdirSync(fontsDir, { recursive: true });
  const rules = [];
  const stacks = {};
  for (const [script, spec] of Object.entries(FAMILIES)) {
    const fallbackFaces = [];
    for (const weight of WEIGHTS) {
      const sourceFile = spec.source(weight);
      const source = readFileSync(sourceFile);
      const font = fontkit.create(source);
      const covered = font.characterSet;
      const everyday = spec.everyday.filter((code) => covered.includes(code));
      const rest = covered.filter((code) => !spec.everyday.includes(code) && code >= 0x20);
      // The rest first, over the whole script: where two faces' ranges overlap, the one defined last
      // is tried first, so the everyday face serves its characters and the rest is fetched only for others.
      for (const [part, codes, claimed] of [['-more', rest, spec.block()], ['', everyday, unicodeRange(everyday)]]) {
        const name = `${spec.file}${part}-${weight}.woff2`;
        writeFileSync(path.join(fontsDir, name), await subsetFont(source, String.fromCodePoint(...codes), { targetFormat: 'woff2' }));
        rules.push(`@font-face {
  font-family: '${spec.family}';
  font-style: normal;
  font-weight: ${weight};
  font-display: swap;
  src: url('../fonts/${name}') format('woff2');
  unicode-range: ${claimed};
}`);
      }
      // The fallbacks: as wide as the web font on the sample, with its ascent and descent (both
      // scaled by size-adjust, so given here divided by it).
      const webWidth = widthOf(font, spec.sample);
      const ascent = font.ascent / font.unitsPerEm;
      const descent = -font.descent / font.unitsPerEm;
      for (const fallback of spec.fallbacks) {
        const file = fallback.measure(weight);
        if (!existsSync(file)) throw new Error(`${file} is missing: it measures the ${fallback.name} fallback`);
        const local = fontkit.openSync(file);
        const sizeAdjust = webWidth / widthOf(local, spec.sample);
        const family = `${spec.family} fallback ${fallback.name}`;
        if (!fallbackFaces.includes(family)) fallbackFaces.push(family);
        rules.push(`@font-face {
  font-family: '${family}';
  font-weight: ${weight};
  src: ${fallback.local[weight].map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(ascent / sizeAdjust)};
  descent-override: ${percent(descent / sizeAdjust)};
  line-gap-override: 0%;
  unicode-range: ${spec.block()};
}`);
      }
    }
    stacks[script] = [`'${spec.family}'`, ...fallbackFaces.map((family) => `'${family}'`)];
  }
  const css = `/* Written by scripts/make-fonts.mjs (npm run fonts): do not edit by hand. The site's faces, subset
   by unicode-range, and their metric-matched fallbacks (docs/decisions.md, "Arabic type"). */
${rules.join('\n\n')}

:root {
  --font-latin: ${stacks.latin.join(', ')}, system-ui, -apple-system, 'Segoe UI', sans-serif;
  /* Arabic pages: the Arabic faces, then the Latin ones for the Latin runs and digits in Arabic text. */
  --font-arabic: ${stacks.arabic.join(', ')}, ${stacks.latin.join(', ')}, Tahoma, 'Segoe UI', sans-serif;
}
`;
  writeFileSync(cssFile, css);
  console.log(`wrote ${path.relative(root, cssFile)} and the fonts in ${path.relative(root, fontsDir)}`);
}

await main();
