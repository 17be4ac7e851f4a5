// A file's type is read from its first bytes, never from its name or the client's mimetype:
// a script renamed photo.png stays a script and is refused.
export type UploadKind = 'image' | 'pdf';

export interface DetectedType {
  kind: UploadKind;
  extension: string;
}

/** How many leading bytes detection needs. */
export const SIGNATURE_BYTES = 12;

function startsWith(head: Buffer, bytes: number[], offset = 0): boolean {
  return head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function detectFileType(head: Buffer): DetectedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', extension: 'png' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return { kind: 'image', extension: 'gif' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { kind: 'image', extension: 'webp' };
  if (startsWith(head, ascii('%PDF-'))) return { kind: 'pdf', extension: 'pdf' };
  return null;
}
