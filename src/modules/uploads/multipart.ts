// The one way files of a multipart form are received (uploads, content bundles, office figures):
// each file of the expected field goes to the caller's handler in order; everything else gets the
// contract's 4xx: not a form, a file in another field, a file over the size, too many files or
// form fields, an unreadable form, no file at all. A failing disk stays a 500 (logged).
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError, apiError, messages, type BilingualMessage } from '../../errors';
import { uploadMessages, wrongFieldMessage } from './messages';

/** A file part's stream; `truncated` once it was cut at the size limit. */
export type IncomingFile = Readable & { truncated?: boolean };

export interface FormFiles {
  /** The form field that carries the files. */
  field: string;
  maxBytes: number;
  maxFiles: number;
  /** The answer for a file over maxBytes; an upload's own words by default. */
  tooLarge?: BilingualMessage;
  /** The answer for a form without a file; an upload's own words by default. */
  noFile?: BilingualMessage;
}

/** Refuses a file the size limit cut short: the handler calls it once it has read the stream. */
export function refuseTruncated(file: IncomingFile, form: FormFiles): void {
  if (file.truncated) throw apiError(413, form.tooLarge ?? messages.fileTooLarge, form.field);
}

/**
 * Turns what busboy and @fastify/multipart throw (or a handler's work on a received file) into the
 * answers of docs/api-contract.md.
 */
export function formErrorAnswer(error: unknown, form: FormFiles): unknown {
  if (error instanceof ApiError) return error;
  const { code, statusCode, syscall } = error as { code?: string; statusCode?: number; syscall?: string };
  // A failing disk is the server's fault and stays a 500 (logged); the rest came from the client.
  if (syscall) return error;
  if (code === 'FST_FILES_LIMIT') return apiError(413, messages.tooManyFiles, form.field);
  // Text parts beyond the limits: the form is too big, not the file (it said "file too large").
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return apiError(413, messages.tooManyFormFields, null);
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return apiError(413, form.tooLarge ?? messages.fileTooLarge, form.field);
  return apiError(400, uploadMessages.badForm, form.field);
}

/**
 * Hands each file of `form.field` to `handle`, in order, and answers what it gave back. On any
 * failure `undo` gets what was handled so far, then the failure is answered as the contract says.
 */
export async function receiveFormFiles<T>(
  request: FastifyRequest, form: FormFiles, handle: (file: IncomingFile) => Promise<T>, undo: (handled: T[]) => Promise<void> = async () => undefined,
): Promise<T[]> {
  if (!request.isMultipart()) throw apiError(400, uploadMessages.notMultipart, form.field);
  const handled: T[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: form.maxBytes, files: form.maxFiles, fields: 20, fieldSize: 10_000, parts: form.maxFiles + 20 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue; // stray text fields are ignored
      if (part.fieldname !== form.field) {
        part.file.resume();
        throw apiError(400, wrongFieldMessage(form.field), part.fieldname);
      }
      handled.push(await handle(part.file));
    }
  } catch (error) {
    await undo(handled);
    throw formErrorAnswer(error, form);
  }
  if (handled.length === 0) throw apiError(400, form.noFile ?? messages.noFile, form.field);
  return handled;
}

/** Streams the form's one file to `target`, a new file (never one that exists). */
export async function receiveOneFile(request: FastifyRequest, form: Omit<FormFiles, 'maxFiles'>, target: string): Promise<void> {
  const one = { ...form, maxFiles: 1 };
  await receiveFormFiles(request, one, async (file) => {
    await pipeline(file, createWriteStream(target, { flags: 'wx' }));
    refuseTruncated(file, one);
  });
}
