// The uploads' service shared by every answer that shows pictures: their widths (app.uploadWidths),
// one per app, remembered until public content changes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UploadWidths } from './widths';

declare module 'fastify' {
  interface FastifyInstance {
    /** The widths of uploaded pictures, for the answers that show them (srcset). */
    uploadWidths: UploadWidths;
  }
}

export default fp(async (app: FastifyInstance) => {
  app.decorate('uploadWidths', new UploadWidths(app.config.uploadsDir, app.contentChanges));
}, { name: 'upload-widths', dependencies: ['repositories'] });
