// Generated placeholder images and a PDF for the demo content, written into DATA_DIR/uploads
// like real uploads (generated names), so the demo needs no binary files in the repository.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp, storeImage } from '../modules/uploads/images';
import { TEMP_PREFIX, removeQuietly } from '../modules/uploads/storage';
import { newId } from '@shared/ids';
import type { Landmark } from './demo-places';

// A rough outline of Iraq in a 100×100 box: enough for a recognisable placeholder map.
const IRAQ_OUTLINE = '28,6 44,3 58,8 70,6 74,16 70,28 76,40 82,52 92,62 96,74 90,86 80,92 70,88 60,80 46,72 30,64 14,56 6,46 16,36 24,24';

const PALETTE = ['#0f766e', '#115e59', '#1e3a5f', '#7c2d12', '#4c1d95', '#14532d'];

/** Drawn, then stored through the same path as a staff upload (re-encoded, with its variants). */
async function saveWebp(uploadsDir: string, svg: string, width: number, height: number): Promise<string> {
  const sharp = await loadSharp();
  const drawn = path.join(uploadsDir, `${TEMP_PREFIX}${newId()}`);
  try {
    await sharp(Buffer.from(svg)).resize(width, height).png({ compressionLevel: 0 }).toFile(drawn);
    return await storeImage(drawn, uploadsDir, newId(), 'image');
  } finally {
    await removeQuietly(drawn);
  }
}

function frame(width: number, height: number, body: string, background = '#0b3b3a'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${background}"/>${body}</svg>`;
}

/**
 * Each demo city's own thumbnail: its landmark's silhouette on its own colour, so the service map
 * never shows one picture five times. White shapes at partial opacity, as on the other drawings.
 */
const LANDMARKS: Record<Landmark, { background: string; body: string }> = {
  // Baghdad: a dome between two minarets, by the Tigris.
  dome: {
    background: '#0f766e',
    body: '<path d="M140 230 V170 A60 60 0 0 1 260 170 V230 Z" fill="#fff" opacity="0.55"/><rect x="110" y="90" width="14" height="140" fill="#fff" opacity="0.55"/>'
      + '<rect x="276" y="90" width="14" height="140" fill="#fff" opacity="0.55"/><circle cx="117" cy="86" r="9" fill="#fff" opacity="0.55"/><circle cx="283" cy="86" r="9" fill="#fff" opacity="0.55"/>'
      + '<path d="M0 255 C80 240 160 270 240 255 S360 240 400 252 V300 H0 Z" fill="#7dd3fc" opacity="0.45"/>',
  },
  // Basra: palm trees on the Shatt al-Arab.
  palms: {
    background: '#1e3a5f',
    body: [70, 190, 300].map((x, i) => {
      const top = 110 + i * 18;
      return `<path d="M${x} 250 C${x + 6} 200 ${x - 4} 160 ${x + 4} ${top}" stroke="#fff" stroke-width="9" fill="none" opacity="0.55"/>`
        + `<path d="M${x + 4} ${top} q-40 -10 -60 20 M${x + 4} ${top} q40 -10 60 20 M${x + 4} ${top} q-20 -35 -50 -35 M${x + 4} ${top} q20 -35 50 -35" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.55"/>`;
    }).join('') + '<rect y="250" width="400" height="50" fill="#7dd3fc" opacity="0.35"/>',
  },
  // Erbil: the citadel on its mound.
  citadel: {
    background: '#7c2d12',
    body: '<path d="M30 260 L100 170 H300 L370 260 Z" fill="#fff" opacity="0.3"/>'
      + '<path d="M100 170 V130 h20 v12 h20 v-12 h20 v12 h20 v-12 h20 v12 h20 v-12 h20 v12 h20 v-12 h20 v12 h20 v-12 h20 V170 Z" fill="#fff" opacity="0.55"/>',
  },
  // Mosul: the leaning al-Hadba minaret.
  minaret: {
    background: '#4c1d95',
    body: '<g transform="rotate(-7 200 260)"><rect x="180" y="70" width="40" height="190" fill="#fff" opacity="0.55"/>'
      + '<rect x="172" y="110" width="56" height="10" fill="#fff" opacity="0.7"/><rect x="172" y="170" width="56" height="10" fill="#fff" opacity="0.7"/>'
      + '<path d="M186 70 Q200 40 214 70 Z" fill="#fff" opacity="0.7"/></g><rect y="260" width="400" height="40" fill="#000" opacity="0.25"/>',
  },
  // Anbar: a bridge over the Euphrates, dunes behind.
  bridge: {
    background: '#14532d',
    body: '<path d="M0 170 Q100 120 200 165 T400 150 V200 H0 Z" fill="#fde68a" opacity="0.35"/>'
      + '<rect x="10" y="186" width="380" height="14" fill="#fff" opacity="0.6"/>'
      + '<path d="M30 250 A55 55 0 0 1 140 250 M140 250 A55 55 0 0 1 250 250 M250 250 A55 55 0 0 1 360 250" fill="none" stroke="#fff" stroke-width="10" opacity="0.6"/>'
      + '<rect y="240" width="400" height="60" fill="#7dd3fc" opacity="0.35"/>',
  },
};

export function cityThumbnail(uploadsDir: string, landmark: Landmark): Promise<string> {
  const { background, body } = LANDMARKS[landmark];
  return saveWebp(uploadsDir, frame(400, 300, `<circle cx="340" cy="60" r="28" fill="#fde68a" opacity="0.8"/>${body}`, background), 400, 300);
}

export function countryMap(uploadsDir: string, point: [number, number]): Promise<string> {
  const [x, y] = point.map((v) => v * 100);
  const body = `<g transform="translate(40 20) scale(5.2)"><polygon points="${IRAQ_OUTLINE}" fill="#134e4a" stroke="#5eead4" stroke-width="0.8"/><circle cx="${x}" cy="${y}" r="2.6" fill="#f97316" stroke="#fff" stroke-width="0.6"/></g>`;
  return saveWebp(uploadsDir, frame(600, 560, body, '#0f172a'), 600, 560);
}

export function cityMap(uploadsDir: string, index: number, withPin: boolean): Promise<string> {
  const streets = Array.from({ length: 8 }, (_, i) => {
    const offset = 40 + i * 70 + (index * 11) % 30;
    return `<line x1="${offset}" y1="0" x2="${offset - 60}" y2="450" stroke="#cbd5e1" stroke-width="${i % 3 === 0 ? 10 : 4}"/><line x1="0" y1="${offset - 20}" x2="600" y2="${offset + 10}" stroke="#cbd5e1" stroke-width="${i % 4 === 0 ? 9 : 3}"/>`;
  }).join('');
  const river = '<path d="M0,300 C150,250 250,380 400,320 S560,260 600,290" stroke="#60a5fa" stroke-width="22" fill="none"/>';
  const pin = withPin ? '<path d="M300 150 c-30 0 -50 22 -50 48 c0 36 50 82 50 82 s50 -46 50 -82 c0 -26 -20 -48 -50 -48z" fill="#dc2626" stroke="#fff" stroke-width="4"/><circle cx="300" cy="198" r="16" fill="#fff"/>' : '';
  return saveWebp(uploadsDir, frame(600, 450, `${streets}${river}${pin}`, '#f1f5f9'), 600, 450);
}

export function postImage(uploadsDir: string, index: number): Promise<string> {
  const colour = PALETTE[index % PALETTE.length];
  const circles = Array.from({ length: 5 }, (_, i) => `<circle cx="${(i * 173 + index * 59) % 800}" cy="${(i * 97 + index * 31) % 450}" r="${60 + ((i + index) % 4) * 30}" fill="#ffffff" opacity="0.08"/>`).join('');
  const hands = '<g transform="translate(330 150)" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.85"><path d="M0 80 C20 20 60 0 70 40 L70 120"/><path d="M140 80 C120 20 80 0 70 40"/><circle cx="70" cy="150" r="18"/></g>';
  return saveWebp(uploadsDir, frame(800, 450, `${circles}${hands}`, colour), 800, 450);
}

/** A small valid one-page PDF, so the demo's "view PDF" links open a real document. */
export async function demoPdf(uploadsDir: string, title: string): Promise<string> {
  const text = title.replace(/[^\x20-\x7e]/g, '').replace(/[()\\]/g, '') || 'Document';
  const stream = `BT /F1 20 Tf 60 760 Td (${text}) Tj 0 -32 Td /F1 12 Tf (Demo document: replace it from the dashboard. Hotline 533.) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const fileName = `${newId()}.pdf`;
  await writeFile(path.join(uploadsDir, fileName), body, 'latin1');
  return `/uploads/${fileName}`;
}
