// Generated placeholder images and a PDF for the demo content, written into DATA_DIR/uploads
// like real uploads (generated names), so the demo needs no binary files in the repository.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp, storeImage } from '../modules/uploads/images';
import { TEMP_PREFIX, removeQuietly } from '../modules/uploads/storage';
import { newId } from '@shared/ids';

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

export function cityThumbnail(uploadsDir: string, index: number): Promise<string> {
  const colour = PALETTE[index % PALETTE.length];
  const skyline = Array.from({ length: 9 }, (_, i) => {
    const h = 40 + ((i * 37 + index * 13) % 90);
    return `<rect x="${20 + i * 40}" y="${260 - h}" width="30" height="${h}" fill="#ffffff" opacity="0.25"/>`;
  }).join('');
  return saveWebp(uploadsDir, frame(400, 300, `<circle cx="320" cy="70" r="36" fill="#fde68a" opacity="0.8"/>${skyline}<rect y="260" width="400" height="40" fill="#000" opacity="0.25"/>`, colour), 400, 300);
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
