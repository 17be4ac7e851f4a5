// Receives the files of one multipart request in two steps:
// 1. each file is streamed to a hidden temporary file in the uploads folder and checked by its
//    first bytes and size; an image's header says how many pixels and frames decoding it would
//    cost, and the request is refused (413) before any decoding when that passes DECODE_LIMITS;
// 2. the files are cleaned (images re-encoded with their variants, PDF metadata removed), fsynced
//    and stored under generated names, the folder fsynced, so an answered upload survives a power
//    cut. This must end before the connection's idle limit (nothing moves on it meanwhile): past a
//    deadline of two thirds of it, the request answers 503 and whatever the work still stores is
//    removed when it ends.
// A stored file stays only if its answer was sent whole: if the connection is gone before (or
// while) the answer is written, the request's files are removed. Whatever goes wrong, nothing of
// the request is left behind.
import { createWriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError, messages } from '../../errors';
import { syncDirectory, syncFile } from '@shared/durable-files';
import { newId } from '@shared/ids';
import { SIGNATURE_BYTES, detectFileType, type DetectedType, type UploadKind } from './file-types';
import { uploadMessages } from './messages';
import { inspectImage, storeImage } from './images';
import { DECODE_LIMITS, decodeCost } from './limits';
import { formErrorAnswer, receiveFormFiles, refuseTruncated, type FormFiles, type IncomingFile } from './multipart';
import { stripPdfMetadata } from './pdf';
import { TEMP_PREFIX, publicPathOf, removeQuietly, removeStoredUpload } from './storage';

export interface ReceiveOptions extends FormFiles {
  kind: UploadKind;
}

interface ReceivedFile {
  temp: string;
  type: DetectedType;
}

/** Work left running after its request was answered (a deadline passed): the app's close waits for it. */
const abandonedWork = new Set<Promise<unknown>>();

/** Resolves once every upload whose request was answered early has ended and been cleaned up. */
export async function settleAbandonedUploads(): Promise<void> {
  while (abandonedWork.size > 0) await Promise.allSettled([...abandonedWork]);
}

/** Streams one file to a temporary file and checks its type and size; throws with nothing left on disk. */
async function receiveOne(file: IncomingFile, uploadsDir: string, options: ReceiveOptions): Promise<ReceivedFile> {
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
    return { temp, type };
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
}

/** What decoding this image will cost, checked against the per-image bounds; throws 413 or 415. */
async function decodeCostOf(received: ReceivedFile, field: string): Promise<number> {
  if (received.type.kind !== 'image') return 0;
  const size = await inspectImage(received.temp);
  if (!size || size.width === 0 || size.height === 0) throw apiError(415, messages.fileTypeNotSupported, field);
  if (size.frames > DECODE_LIMITS.framesPerImage) throw apiError(413, uploadMessages.tooManyFrames, field);
  const cost = decodeCost(size.width, size.height, size.frames);
  if (cost > DECODE_LIMITS.pixelsPerImage) throw apiError(413, messages.fileTooLarge, field);
  return cost;
}

/** Cleans and stores one received file under a generated name; answers its public path. */
async function storeOne(received: ReceivedFile, uploadsDir: string, field: string): Promise<string> {
  try {
    // The bytes as sent are never kept: images are re-encoded, PDFs rewritten without metadata.
    if (received.type.kind === 'image') return await storeImage(received.temp, uploadsDir, newId(), field);
    await stripPdfMetadata(received.temp, field);
    // The rewritten bytes are what is kept: on disk before the name points at them.
    await syncFile(received.temp);
    const name = `${newId()}.${received.type.extension}`;
    await rename(received.temp, path.join(uploadsDir, name));
    return publicPathOf(name);
  } finally {
    await removeQuietly(received.temp);
  }
}

/** Stores the files one after the other; on any failure removes what it stored and the rest. */
async function storeAll(files: ReceivedFile[], uploadsDir: string, field: string): Promise<string[]> {
  const stored: string[] = [];
  try {
    for (const received of files) stored.push(await storeOne(received, uploadsDir, field));
    // One folder fsync for every name this request created, before the answer.
    await syncDirectory(uploadsDir);
    return stored;
  } catch (error) {
    for (const publicPath of stored) await removeStoredUpload(uploadsDir, publicPath);
    throw error;
  } finally {
    for (const received of files) await removeQuietly(received.temp);
  }
}

/** Step 1: every file of the request on disk, checked, and the request's decoding cost within bounds. */
async function receiveAll(request: FastifyRequest, uploadsDir: string, options: ReceiveOptions): Promise<ReceivedFile[]> {
  let cost = 0;
  return receiveFormFiles(request, options, async (file) => {
    const received = await receiveOne(file, uploadsDir, options);
    try {
      cost += await decodeCostOf(received, options.field);
      if (cost > DECODE_LIMITS.pixelsPerRequest) throw apiError(413, uploadMessages.tooManyPixels, options.field);
      return received;
    } catch (error) {
      await removeQuietly(received.temp);
      throw error;
    }
  }, async (handled) => {
    for (const received of handled) await removeQuietly(received.temp);
  });
}

/**
 * Receives, checks and stores the request's files and answers their public paths. They are kept
 * only if the answer that names them is sent whole.
 */
export async function receiveFiles(request: FastifyRequest, reply: FastifyReply, uploadsDir: string, options: ReceiveOptions): Promise<string[]> {
  // The folder is made at start; making sure again costs little and survives a manual clean-up.
  await mkdir(uploadsDir, { recursive: true });
  const received = await receiveAll(request, uploadsDir, options);

  const work = storeAll(received, uploadsDir, options.field).catch((error: unknown) => {
    throw formErrorAnswer(error, options);
  });
  const deadlineMs = Math.floor(request.server.config.timeouts.idleMs * 2 / 3);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), deadlineMs); });
  const outcome = await Promise.race([work, deadline]).finally(() => clearTimeout(timer));
  if (outcome === 'late') {
    // Nobody will be told these were stored: whatever the work stores is removed when it ends.
    const cleanup = work.then((stored) => Promise.all(stored.map((publicPath) => removeStoredUpload(uploadsDir, publicPath))), () => undefined)
      .finally(() => abandonedWork.delete(cleanup));
    abandonedWork.add(cleanup);
    throw apiError(503, uploadMessages.tooSlow, options.field);
  }
  keepOnlyIfAnswered(reply, uploadsDir, outcome);
  return outcome;
}

/** Removes the stored files when the connection closes before their answer was written whole. */
function keepOnlyIfAnswered(reply: FastifyReply, uploadsDir: string, stored: string[]): void {
  const response = reply.raw;
  const removeAll = () => {
    const cleanup = Promise.all(stored.map((publicPath) => removeStoredUpload(uploadsDir, publicPath)))
      .catch((error: unknown) => reply.log.warn({ err: error }, 'could not remove an unanswered upload'))
      .finally(() => abandonedWork.delete(cleanup));
    abandonedWork.add(cleanup);
  };
  if (response.destroyed) {
    removeAll();
    return;
  }
  // 'finish': the whole answer was handed to the system; a 'close' without it lost the answer.
  let answered = false;
  response.once('finish', () => { answered = true; });
  response.once('close', () => {
    if (!answered) removeAll();
  });
}
