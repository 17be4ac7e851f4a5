// The three upload endpoints of docs/api-contract.md; each answers the stored public path(s).
import { apiRequest } from '../../api/client';

export type UploadKind = 'image' | 'pictures' | 'pdf';

const ENDPOINT: Record<UploadKind, string> = { image: '/api/upload', pictures: '/api/upload/multi', pdf: '/api/upload/pdf' };

export async function uploadFiles(kind: UploadKind, files: File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of kind === 'pictures' ? files : files.slice(0, 1)) form.append(kind, file);
  const answer = await apiRequest<string | string[]>(ENDPOINT[kind], { method: 'POST', body: form });
  return Array.isArray(answer) ? answer : [answer];
}
