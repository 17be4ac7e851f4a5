// Content bundles (admin only): apply a bundle from headquarters, make one (at headquarters), trust
// keys and name this site, save this office's figures, and import and read field offices' figures.
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DEFAULT_BUNDLE_LIMITS } from '../../content-bundles/format';
import { exportBundle } from '../../content-bundles/export';
import { importBundle } from '../../content-bundles/import';
import { isPublicKeyLine } from '../../content-bundles/keys';
import { BundleRefusedError, bundleMessages } from '../../content-bundles/messages';
import { DEFAULT_SOURCE_NAME, removeStaleWorkFolders, signingKeyOf, siteNameOf, trustedKeysOf } from '../../content-bundles/site';
import { figuresFile, importFigures, STATS_LIMITS } from '../../content-bundles/stats';
import { backupTimestamp } from '../../backup/create';
import { ApiError, apiError, messages } from '../../errors';
import { allowLongWork } from '../../plugins/long-work';
import { errorResponses } from '@shared/schemas';
import { changedFields } from '../audit/repository';
import { uploadMessages, wrongFieldMessage } from '../uploads/messages';
import { ContentBundleRepository } from './repository';
import { ExportBodySchema, FiguresReportSchema, ImportReportSchema, OfficeSummarySchema, OverviewSchema, SettingsBodySchema } from './schema';

const LISTED = 20;

function asApiError(error: unknown): unknown {
  return error instanceof BundleRefusedError ? apiError(error.statusCode, error.reason, error.field) : error;
}

/** Streams the one file of a multipart request to `target`; refuses anything else with a 4xx. */
async function receiveOneFile(request: FastifyRequest, field: string, maxBytes: number, target: string): Promise<void> {
  if (!request.isMultipart()) throw apiError(400, uploadMessages.notMultipart, field);
  let received = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        throw apiError(400, wrongFieldMessage(field), part.fieldname);
      }
      await pipeline(part.file, createWriteStream(target, { flags: 'wx' }));
      if (part.file.truncated) throw apiError(413, bundleMessages.tooLarge, field);
      received = true;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const { code, statusCode, syscall } = error as { code?: string; statusCode?: number; syscall?: string };
    if (syscall) throw error;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) throw apiError(413, bundleMessages.tooLarge, field);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw apiError(413, messages.tooManyFiles, field);
    throw apiError(400, uploadMessages.badForm, field);
  }
  if (!received) throw apiError(400, bundleMessages.noFile, field);
}

function sendDownload(reply: FastifyReply, file: string, name: string, type: string, cleanup: () => void): FastifyReply {
  const stream = createReadStream(file);
  stream.on('close', cleanup);
  return reply.type(type).header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'no-store').send(stream);
}

const contentBundlesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = new ContentBundleRepository(app.db, app.sqlite);
  const { config } = app;
  const security = [{ bearerAuth: [] }];
  const tags = ['content-bundles'];
  const consumes = ['multipart/form-data'];
  // One import at a time: a second one waits, then sees the first as applied.
  let importQueue: Promise<unknown> = Promise.resolve();
  const stale = removeStaleWorkFolders(config.dataDir);
  if (stale.length > 0) app.log.info({ folders: stale }, 'removed work folders of interrupted content-bundle imports');

  /** A folder inside DATA_DIR for one request's files, removed afterwards. */
  const workFolder = () => mkdtempSync(path.join(config.dataDir, '.content-request-'));

  function overview() {
    const settings = repository.readSettings();
    let signingKey: string | null = null;
    try {
      signingKey = signingKeyOf(config)?.publicKeyLine ?? null;
    } catch (error) {
      app.log.warn({ err: error }, 'the content signing key cannot be read');
    }
    return {
      officeName: settings.officeName,
      environmentOfficeName: config.officeName ?? null,
      trustedKeys: settings.trustedKeys,
      environmentKeys: config.contentTrustedKeys,
      signingKey,
      applied: repository.listImports(LISTED).map(({ bundleId, baseBundleId, sourceName, sourceKey, createdAt, appliedAt }) => ({ bundleId, baseBundleId, sourceName, sourceKey, createdAt, appliedAt })),
      made: repository.listExports(LISTED).map(({ bundleId, baseBundleId, createdAt, counts }) => ({ bundleId, baseBundleId, createdAt, counts })),
    };
  }

  app.get('/content-bundles', {
    onRequest: app.requireAdmin,
    schema: { tags, summary: 'Trusted keys, this site\'s name, bundles applied here and bundles made here (admin)', security, response: { 200: OverviewSchema, ...errorResponses } },
  }, async () => overview());

  app.put('/content-bundles/settings', {
    onRequest: app.requireAdmin,
    schema: { tags, summary: 'Set the trusted headquarters keys and this site\'s name (admin)', security, body: SettingsBodySchema, response: { 200: OverviewSchema, ...errorResponses } },
  }, async (request) => {
    const trustedKeys = [...new Set(request.body.trustedKeys.map((key) => key.trim()).filter((key) => key !== ''))];
    const bad = trustedKeys.findIndex((key) => !isPublicKeyLine(key));
    if (bad >= 0) throw apiError(400, bundleMessages.badKeyLine, `trustedKeys.${bad}`);
    const officeName = request.body.officeName.trim().replace(/\s+/g, ' ') || null;
    const before = repository.readSettings();
    await repository.transaction(() => repository.writeSettings({ trustedKeys, officeName }));
    const changes = changedFields({ ...before }, { trustedKeys, officeName });
    if (Object.keys(changes).length > 0) await app.audit.record(request.currentUser!, 'update', 'settings', 'content-bundles', changes);
    return overview();
  });

  app.post('/content-bundles/import', {
    onRequest: app.requireAdmin,
    schema: {
      tags, security, consumes,
      summary: 'Apply a content bundle from headquarters (field "bundle"): checked whole, then applied in one transaction (admin)',
      response: { 200: ImportReportSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    allowLongWork(request, reply);
    const folder = workFolder();
    try {
      const archive = path.join(folder, 'bundle.tar.gz');
      await receiveOneFile(request, 'bundle', DEFAULT_BUNDLE_LIMITS.archiveBytes, archive);
      const run = importQueue.then(() => importBundle(archive, {
        repository, db: app.db, changes: app.contentChanges, dataDir: config.dataDir, uploadsDir: config.uploadsDir,
        trustedKeys: trustedKeysOf(config, repository), actor: request.currentUser!,
      }));
      importQueue = run.catch(() => undefined);
      return await run;
    } catch (error) {
      throw asApiError(error);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  app.post('/content-bundles/export', {
    onRequest: app.requireAdmin,
    schema: {
      tags, security, body: ExportBodySchema,
      summary: 'Make a signed bundle of the published content, or of the changes since an earlier bundle; answers the file (admin, headquarters)',
      response: { 200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }), ...errorResponses },
    },
  }, async (request, reply) => {
    allowLongWork(request, reply);
    let signingKey;
    try {
      signingKey = signingKeyOf(config);
    } catch (error) {
      app.log.error({ err: error }, 'the content signing key cannot be read');
    }
    if (!signingKey) throw apiError(400, bundleMessages.noSigningKey);
    const folder = workFolder();
    const cleanup = () => rmSync(folder, { recursive: true, force: true });
    try {
      const name = `content-${backupTimestamp(new Date())}.tar.gz`;
      const written = await exportBundle(path.join(folder, name), {
        repository, uploadsDir: config.uploadsDir, signingKey, since: request.body.since ?? null,
        sourceName: siteNameOf(config, repository) ?? DEFAULT_SOURCE_NAME,
      });
      await app.audit.record(request.currentUser!, 'create', 'content-bundle-export', written.manifest.bundleId, { base: written.manifest.baseBundleId, counts: written.manifest.counts });
      return sendDownload(reply, written.file, `content-${written.manifest.bundleId}.tar.gz`, 'application/gzip', cleanup);
    } catch (error) {
      cleanup();
      throw asApiError(error);
    }
  });

  app.get('/content-bundles/figures', {
    onRequest: app.requireAdmin,
    schema: {
      tags, security,
      summary: "This office's daily visitor, page-view, contact-click and rating counts as a file for headquarters (admin)",
      response: { 200: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }), ...errorResponses },
    },
  }, async (_request, reply) => {
    const office = siteNameOf(config, repository);
    if (!office) throw apiError(400, bundleMessages.officeNameMissing, 'officeName');
    const local = await repository.transaction(() => repository.localFigures());
    const { figures, bytes } = figuresFile(office, local);
    return reply.type('application/gzip').header('Content-Disposition', `attachment; filename="office-figures-${figures.exportId}.json.gz"`)
      .header('Cache-Control', 'no-store').send(bytes);
  });

  app.post('/content-bundles/offices/import', {
    onRequest: app.requireAdmin,
    schema: {
      tags, security, consumes,
      summary: "Add a field office's figures file (field \"figures\"); the same file twice counts once (admin, headquarters)",
      response: { 200: FiguresReportSchema, ...errorResponses },
    },
  }, async (request) => {
    const folder = workFolder();
    try {
      const file = path.join(folder, 'figures.json.gz');
      await receiveOneFile(request, 'figures', STATS_LIMITS.fileBytes, file);
      const report = await importFigures(repository, readFileSync(file));
      if (!report.alreadyImported) {
        await app.audit.record(request.currentUser!, 'create', 'office-figures', report.exportId, { office: report.office, days: `${report.fromDay}..${report.toDay}` });
      }
      return report;
    } catch (error) {
      throw asApiError(error);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  app.get('/content-bundles/offices', {
    onRequest: app.requireAdmin,
    schema: { tags, security, summary: "Field offices' imported figures: totals per office and the latest file's days (admin)", response: { 200: Type.Array(OfficeSummarySchema), ...errorResponses } },
  }, async () => repository.transaction(() => repository.officeSummaries()));
};

export default contentBundlesRoutes;
