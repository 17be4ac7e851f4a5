// Office figures (admin only): a field office saves its daily visitor, page-view, contact-click
// and rating counts as a file for headquarters; headquarters imports such files and reads every
// office's totals. Under /content-bundles/ because the dashboard shows them on that screen.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { apiError } from '../../errors';
import { errorResponses } from '@shared/schemas';
import { siteNameOf } from '../settings/site-name';
import { receiveOneFile } from '../uploads/multipart';
import { figuresFile, importFigures, STATS_LIMITS } from './figures-file';
import { figuresMessages } from './messages';
import { FiguresReportSchema, OfficeSummarySchema } from './schema';

const officeFiguresRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const { officeFigures, settings } = app.repositories;
  const security = [{ bearerAuth: [] }];
  const tags = ['content-bundles'];

  app.get('/content-bundles/figures', {
    onRequest: app.requireAdmin,
    schema: {
      tags, security,
      summary: "This office's daily visitor, page-view, contact-click and rating counts as a file for headquarters (admin)",
      response: { 200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }), ...errorResponses },
    },
  }, async (_request, reply) => {
    const office = await siteNameOf(config, settings);
    if (!office) throw apiError(400, figuresMessages.officeNameMissing, 'officeName');
    const local = await officeFigures.transaction(() => officeFigures.localFigures());
    const { figures, bytes } = figuresFile(office, local);
    return reply.type('application/gzip').header('Content-Disposition', `attachment; filename="office-figures-${figures.exportId}.json.gz"`)
      .header('Cache-Control', 'no-store').send(bytes);
  });

  app.post('/content-bundles/offices/import', {
    onRequest: app.requireAdmin,
    schema: {
      tags, security, consumes: ['multipart/form-data'],
      summary: "Add a field office's figures file (field \"figures\"); the same file twice counts once (admin, headquarters)",
      response: { 200: FiguresReportSchema, ...errorResponses },
    },
  }, async (request) => {
    // A folder inside DATA_DIR for the request's file, removed afterwards.
    const folder = mkdtempSync(path.join(config.dataDir, '.content-request-'));
    try {
      const file = path.join(folder, 'figures.json.gz');
      await receiveOneFile(request, { field: 'figures', maxBytes: STATS_LIMITS.fileBytes, tooLarge: figuresMessages.tooLarge, noFile: figuresMessages.noFile }, file);
      const report = await importFigures(officeFigures, readFileSync(file));
      if (!report.alreadyImported) {
        await app.audit.record(request.currentUser!, 'create', 'office-figures', report.exportId, { office: report.office, days: `${report.fromDay}..${report.toDay}` }, report.office);
      }
      return report;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  app.get('/content-bundles/offices', {
    onRequest: app.requireAdmin,
    schema: { tags, security, summary: "Field offices' imported figures: totals per office and the latest file's days (admin)", response: { 200: Type.Array(OfficeSummarySchema), ...errorResponses } },
  }, async () => officeFigures.transaction(() => officeFigures.officeSummaries()));
};

export default officeFiguresRoutes;
