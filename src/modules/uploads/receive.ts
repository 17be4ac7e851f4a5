// Receives the files of one multipart request: each is streamed to a hidden temporary file in
// the uploads folder, checked by its first bytes and size, cleaned (images re-encoded, PDF
// metadata removed), fsynced, then stored under a generated name and the folder fsynced, so an
// answered upload survives a power cut.
// Whatever goes wrong, nothing of the request is left behind.
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError, apiError, messages } from '../../errors';
import { syncDirectory, syncFile } from '@shared/durable-files';
import { newId } from '@shared/ids';
import { SIGNATURE_BYTES, detectFileType, type UploadKind } from './file-types';
import { uploadMessages, wrongFieldMessage } from './messages';
import { storeImage } from './images';
import { stripPdfMetadata } from './pdf';
import { TEMP_PREFIX, publicPathOf, removeQuietly, removeStoredUpload } from './storage';


export interface ReceiveOptions {
  field: string;
  kind: UploadKind;
  maxBytes: number;
  maxFiles: number;
}

/** Streams one file to disk; answers its public path, or throws with nothing left on disk. */
async function storeOne(file: Readable & { truncated?: boolean }, uploadsDir: string, options: ReceiveOptions): Promise<string> {
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
    if (file.truncated) throw apiError(413, messages.fileTooLarge, options.field);
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

/** Turns what busboy and @fastify/multipart throw into the answers of docs/api-contract.md. */
function toClientError(error: unknown, options: ReceiveOptions): unknown {
  if (error instanceof ApiError) return error;
  const { code, statusCode, syscall } = error as { code?: string; statusCode?: number; syscall?: string };
  // A failing disk is the server's fault and stays a 500 (logged); the rest came from the client.
  if (syscall) return error;
  if (code === 'FST_FILES_LIMIT') return apiError(413, messages.tooManyFiles, options.field);
  // Text parts beyond the limits: the form is too big, not the file (it said "file too large").
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return apiError(413, messages.tooManyFormFields, null);
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return apiError(413, messages.fileTooLarge, options.field);
  return apiError(400, uploadMessages.badForm, options.field);
}

export async function receiveFiles(request: FastifyRequest, uploadsDir: string, options: ReceiveOptions): Promise<string[]> {
  if (!request.isMultipart()) throw apiError(400, uploadMessages.notMultipart, options.field);
  const stored: string[] = [];
  // The folder is made at start; making sure again costs little and survives a manual clean-up.
  await mkdir(uploadsDir, { recursive: true });
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: options.maxFiles, fields: 20, fieldSize: 10_000, parts: options.maxFiles + 20 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue; // stray text fields are ignored
      if (part.fieldname !== options.field) {
        part.file.resume();
        throw apiError(400, wrongFieldMessage(options.field), part.fieldname);
      }
      stored.push(await storeOne(part.file, uploadsDir, options));
    }
  } catch (error) {
    for (const publicPath of stored) await removeStoredUpload(uploadsDir, publicPath);
    throw toClientError(error, options);
  }
  if (stored.length === 0) throw apiError(400, messages.noFile, options.field);
  // One folder fsync for every name this request created, before the answer.
  await syncDirectory(uploadsDir);
  return stored;
}
