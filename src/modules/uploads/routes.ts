import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '@shared/schemas';
import { UPLOAD_LIMITS } from './limits';
import { receiveFiles, settleAbandonedUploads, type ReceiveOptions } from './receive';

export { UPLOAD_LIMITS };

const IMAGE: ReceiveOptions = { field: 'image', kind: 'image', maxBytes: UPLOAD_LIMITS.imageBytes, maxFiles: 1 };
const PICTURES: ReceiveOptions = { field: 'pictures', kind: 'image', maxBytes: UPLOAD_LIMITS.imageBytes, maxFiles: UPLOAD_LIMITS.picturesPerCall };
const PDF: ReceiveOptions = { field: 'pdf', kind: 'pdf', maxBytes: UPLOAD_LIMITS.pdfBytes, maxFiles: 1 };

const PathSchema = Type.String({ description: 'Public path of the stored file, e.g. /uploads/3f9c….webp' });
const consumes = ['multipart/form-data'];

const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { uploadsDir } = app.config;
  const security = [{ bearerAuth: [] }];
  const tags = ['uploads'];

  // Any other body type reaches the handler (and its clear 400) instead of a generic 415,
  // which the client would read as "file type not supported". Only in this plugin's scope.
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    done(null, undefined);
  });
  // Uploads answered before their work ended are cleaned up before the server stops.
  app.addHook('onClose', async () => settleAbandonedUploads());

  /** The single-path answer is a JSON string (docs/api-contract.md), so it is serialised by hand. */
  app.post('/upload', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Upload one image (field "image": JPEG, PNG, WebP or GIF, at most 10 MB)', security, consumes, response: { 200: PathSchema, ...errorResponses } },
  }, async (request, reply) => {
    const [stored] = await receiveFiles(request, reply, uploadsDir, IMAGE);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(stored));
  });

  app.post('/upload/multi', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Upload up to 20 images (field "pictures", repeated; 200 megapixels in all)', security, consumes, response: { 200: Type.Array(PathSchema), ...errorResponses } },
  }, async (request, reply) => receiveFiles(request, reply, uploadsDir, PICTURES));

  app.post('/upload/pdf', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Upload one PDF (field "pdf", at most 25 MB)', security, consumes, response: { 200: PathSchema, ...errorResponses } },
  }, async (request, reply) => {
    const [stored] = await receiveFiles(request, reply, uploadsDir, PDF);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(stored));
  });
};

export default uploadsRoutes;
