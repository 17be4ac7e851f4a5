// Receives the files of one multipart request: each is streamed to a hidden temporary file in
// the uploads folder, checked by its first bytes and size, cleaned (images re-encoded, PDF
// metadata removed), fsynced, then stored under a generated name and the folder fsynced, so an
// answered upload survives a power cut.
// Whatever goes wrong, nothing of the request is left behind.
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { apiError, messages } from '../../errors';
import { syncDirectory, syncFile } from '@shared/durable-files';
import { newId } from '@shared/ids';
import { SIGNATURE_BYTES, detectFileType, type UploadKind } from './file-types';
import { storeImage } from './images';
import { receiveFormFiles, refuseTruncated, type FormFiles, type IncomingFile } from './multipart';
import { stripPdfMetadata } from './pdf';
import { TEMP_PREFIX, publicPathOf, removeQuietly, removeStoredUpload } from './storage';

export interface ReceiveOptions extends FormFiles {
  kind: UploadKind;
}

/** Streams one file to disk; answers its public path, or throws with nothing left on disk. */
async function storeOne(file: IncomingFile, uploadsDir: string, options: ReceiveOptions): Promise<string> {
  const temp = path.join(uploadsDir, `${TEMP_PREFIX}${newId()}`);
  let head = Buffer.alloc(0);
  const sniff = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_BYTES);
      done(null, chunk);
    },
  });
  try {
    // flush: the stream fsyncs the file before closing it.
    await pipeline(file, sniff, createWriteStream(temp, { flags: 'wx', flush: true }));
    refuseTruncated(file, options);
    const type = detectFileType(head);
    if (!type || type.kind !== options.kind) throw apiError(415, messages.fileTypeNotSupported, options.field);
    // The bytes as sent are never kept: images are re-encoded, PDFs rewritten without metadata.
    if (type.kind === 'image') return await storeImage(temp, uploadsDir, newId(), options.field);
    await stripPdfMetadata(temp, options.field);
    // The rewritten bytes are what is kept: on disk before the name points at them.
    await syncFile(temp);
    const name = `${newId()}.${type.extension}`;
    await rename(temp, path.join(uploadsDir, name));
    return publicPathOf(name);
  } finally {
    await removeQuietly(temp);
  }
}

export async function receiveFiles(request: FastifyRequest, uploadsDir: string, options: ReceiveOptions): Promise<string[]> {
  // The folder is made at start; making sure again costs little and survives a manual clean-up.
  await mkdir(uploadsDir, { recursive: true });
  const stored = await receiveFormFiles(request, options, (file) => storeOne(file, uploadsDir, options), async (kept) => {
    for (const publicPath of kept) await removeStoredUpload(uploadsDir, publicPath);
  });
  // One folder fsync for every name this request created, before the answer.
  await syncDirectory(uploadsDir);
  return stored;
}
