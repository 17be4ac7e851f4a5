// Real file bytes and multipart bodies for the upload tests.
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export async function makeImage(format: ImageFormat, size = 8): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: { r: 0, g: 128, b: 128 } } });
  return image.toFormat(format).toBuffer();
}

/** The smallest PDF most readers open: one empty page. */
export function makePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
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
