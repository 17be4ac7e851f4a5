// The three upload endpoints of docs/api-contract.md; each answers the stored public path(s).
import { apiRequest } from '../../api/client';

export type UploadKind = 'image' | 'pictures' | 'pdf';

const ENDPOINT: Record<UploadKind, string> = { image: '/api/upload', pictures: '/api/upload/multi', pdf: '/api/upload/pdf' };

/**
 * Pictures go one per call: the server bounds the pixels one call may decode (200 megapixels),
 * and twenty phone photos in one call could pass it; one at a time each answers quickly.
 */
export async function uploadFiles(kind: UploadKind, files: File[]): Promise<string[]> {
  const stored: string[] = [];
  for (const file of kind === 'pictures' ? files : files.slice(0, 1)) {
    const form = new FormData();
    form.append(kind, file);
    const answer = await apiRequest<string | string[]>(ENDPOINT[kind], { method: 'POST', body: form });
    stored.push(...(Array.isArray(answer) ? answer : [answer]));
  }
  return stored;
}
