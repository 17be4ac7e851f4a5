// Real file bytes and multipart bodies for the upload tests.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export async function makeImage(format: ImageFormat, size = 8): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: { r: 0, g: 128, b: 128 } } });
  return image.toFormat(format).toBuffer();
}

/** A PDF file of these numbered objects (1 is the catalog), with its cross-reference table. */
function pdfOf(version: string, objects: string[], trailerExtra = ''): Buffer {
  let body = `%PDF-${version}\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The smallest PDF most readers open: one empty page. */
export function makePdf(): Buffer {
  return pdfOf('1.4', [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ]);
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body; truncate drops the closing boundary and half the last file. */
export function multipart(parts: Array<FilePart | { field: string; value: string }>, options: { truncate?: boolean } = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  let payload = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
  if (options.truncate) payload = payload.subarray(0, payload.length - Math.floor((parts.at(-1) as FilePart).data.length / 2) - boundary.length - 10);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Marks planted in test files; none may be found in what the server stores. */
export const PLANTED = { make: 'SpyPhone X', xmp: 'ShelterSecretXMP', comment: 'shelter-comment-marker', author: 'Secret Author Name', producer: 'LeakyProducer 9' } as const;

/**
 * An EXIF block (big-endian TIFF) with the phone's make, an orientation and a GPS latitude of
 * 33° 18' 36" N, as a phone writes it into a photo taken at a shelter.
 */
function exifSegment(orientation: number): Buffer {
  const make = Buffer.from(`${PLANTED.make}\0`, 'latin1');
  const tiff = Buffer.alloc(92 + 24);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: (b: Buffer, at: number) => void) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    value(tiff, at + 8);
  };
  tiff.writeUInt16BE(3, 8); // IFD0: Make, Orientation, GPS pointer
  entry(10, 0x010f, 2, make.length, (b, at) => b.writeUInt32BE(80, at));
  entry(22, 0x0112, 3, 1, (b, at) => b.writeUInt16BE(orientation, at));
  entry(34, 0x8825, 4, 1, (b, at) => b.writeUInt32BE(50, at));
  tiff.writeUInt32BE(0, 46);
  tiff.writeUInt16BE(2, 50); // GPS IFD: latitude ref and latitude
  entry(52, 0x0001, 2, 2, (b, at) => b.write('N\0', at, 'latin1'));
  entry(64, 0x0002, 5, 3, (b, at) => b.writeUInt32BE(92, at));
  tiff.writeUInt32BE(0, 76);
  make.copy(tiff, 80);
  [[33, 1], [18, 1], [3600, 100]].forEach(([n, d], i) => {
    tiff.writeUInt32BE(n, 92 + i * 8);
    tiff.writeUInt32BE(d, 96 + i * 8);
  });
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt8(0xff, 0);
  head.writeUInt8(marker, 1);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A JPEG 40 px wide and 20 px high, red on its left half and blue on its right, carrying EXIF
 * (orientation 6: turn 90° clockwise to show it, a phone make, GPS), an XMP packet and a comment.
 */
export async function phonePhoto(orientation = 6): Promise<Buffer> {
  const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer();
  const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([{ input: red, left: 0, top: 0 }]).jpeg({ quality: 95 }).toBuffer();
  const xmp = segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="33,18.6N" exif:UserComment="${PLANTED.xmp}"/></rdf:RDF></x:xmpmeta>`, 'latin1'));
  const comment = segment(0xfe, Buffer.from(PLANTED.comment, 'latin1'));
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(orientation), xmp, comment, jpeg.subarray(2)]);
}

/** A PNG whose header claims a canvas of width × height but holds no pixels: a decompression bomb's shape. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A one-page PDF with an Info dictionary (author, creator, producer, dates), an XMP packet on
 * the catalog, an earlier revision's Info left in the file, and a page that draws a known text.
 */
export function pdfWithMetadata(): Buffer {
  const xmp = `<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${PLANTED.author} (xmp)</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const content = 'BT /F1 18 Tf 40 150 Td (Page text stays) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n${xmp}\nendstream`,
    `<< /Author (${PLANTED.author}) /Creator (Shelter Office Writer) /Producer (${PLANTED.producer}) /CreationDate (D:20260301101500+03'00') /ModDate (D:20260302101500+03'00') >>`,
    `<< /Author (${PLANTED.author} old revision) >>`,
  ];
  return pdfOf('1.7', objects, ' /Info 7 0 R');
}

/** The chunk names of a RIFF/WebP file (VP8X, ICCP, ANIM, ANMF, VP8, VP8L, ALPH, EXIF, XMP ...). */
export function webpChunks(file: Buffer): string[] {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') throw new Error('not a WebP file');
  const names: string[] = [];
  for (let at = 12; at + 8 <= file.length;) {
    const size = file.readUInt32LE(at + 4);
    names.push(file.toString('latin1', at, at + 4).trim());
    at += 8 + size + (size % 2);
  }
  return names;
}

/** Marks planted in a PDF's active content and attachment; none may survive the upload. */
export const PLANTED_ACTIVE = { script: 'app.alert(PLANTED_SCRIPT)', attachment: 'PLANTED-ATTACHMENT-BYTES', launch: 'planted-launch.exe' } as const;

/**
 * A one-page PDF that runs a script on opening (/OpenAction), on page events (/AA) and from the
 * name tree (/Names /JavaScript), launches a program from a link, carries an embedded file in the
 * name tree and in a file-attachment annotation, and keeps one harmless link to an address.
 */
export function pdfWithActiveContent(): Buffer {
  const js = (text: string) => `<< /Type /Action /S /JavaScript /JS (${text}) >>`;
  const attachment = PLANTED_ACTIVE.attachment;
  const content = 'BT /F1 18 Tf 40 150 Td (Flyer text stays) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /AA << /WC 7 0 R >> /Names << /JavaScript << /Names [(init) 7 0 R] >> /EmbeddedFiles << /Names [(secret.txt) 8 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /AA << /O 7 0 R >> /Annots [10 0 R 11 0 R 12 0 R] >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    js(PLANTED_ACTIVE.script),
    js(`${PLANTED_ACTIVE.script} again`),
    '<< /Type /Filespec /F (secret.txt) /EF << /F 9 0 R >> >>',
    `<< /Type /EmbeddedFile /Length ${attachment.length} >>\nstream\n${attachment}\nendstream`,
    `<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /Launch /F (${PLANTED_ACTIVE.launch}) >> >>`,
    '<< /Type /Annot /Subtype /FileAttachment /Rect [60 0 80 20] /FS 8 0 R >>',
    '<< /Type /Annot /Subtype /Link /Rect [100 0 150 50] /A << /S /URI /URI (https://example.org/help) >> >>',
  ];
  return pdfOf('1.7', objects);
}
