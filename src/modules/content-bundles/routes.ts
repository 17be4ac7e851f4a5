// Content bundles (admin only): apply a bundle from headquarters, make one (at headquarters), and
// trust keys and name this site. Office figures, which travel the other way, are their own module.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { apiError } from '../../errors';
import { inContext } from '../../plugins/field-labels';
import { allowLongWork } from '../../plugins/long-work';
import { describeStorageError } from '../../storage-errors';
import { utcStamp } from '@shared/ids';
import { isPublicKeyLine } from '@shared/public-key-line';
import { errorResponses } from '@shared/schemas';
import { changedFields } from '../audit/repository';
import { siteNameOf, siteNameSet } from '../settings/site-name';
import { receiveOneFile } from '../uploads/multipart';
import { exportBundle } from './export';
import { DEFAULT_BUNDLE_LIMITS } from './format';
import { importBundle } from './import';
import { BundleRefusedError, bundleMessages } from './messages';
import { ExportBodySchema, ImportReportSchema, OverviewSchema, SettingsBodySchema } from './schema';
import { bundleSiteOf, DEFAULT_SOURCE_NAME, makeSigningKey, removeStaleWorkFolders, saveBundleSettings, signingKeyOf, trustedKeysOf, trustedKeysSet } from './site';

const LISTED = 20;

function asApiError(error: unknown): unknown {
  return error instanceof BundleRefusedError ? apiError(error.statusCode, error.reason, error.field) : error;
}

function sendDownload(reply: FastifyReply, file: string, name: string, type: string, cleanup: () => void): FastifyReply {
  const stream = createReadStream(file);
  stream.on('close', cleanup);
  return reply.type(type).header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'no-store').send(stream);
}

const contentBundlesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const site = bundleSiteOf(app);
  const { bundles, settings } = site;
  const security = [{ bearerAuth: [] }];
  const tags = ['content-bundles'];
  const consumes = ['multipart/form-data'];
  // One import at a time: a second one is refused while the first runs (it holds the database for
  // writing for a while, and would be refused as applied already or not newer anyway).
  let importing = false;
  const stale = removeStaleWorkFolders(config.dataDir);
  if (stale.length > 0) app.log.info({ folders: stale }, 'removed work folders of interrupted content-bundle imports');

  /** A folder inside DATA_DIR for one request's files, removed afterwards. */
  const workFolder = () => mkdtempSync(path.join(config.dataDir, '.content-request-'));

  async function overview() {
    let signingKey: string | null = null;
    try {
      signingKey = signingKeyOf(config)?.publicKeyLine ?? null;
    } catch (error) {
      app.log.warn({ err: error }, 'the content signing key cannot be read');
    }
    return {
      officeName: await siteNameSet(settings),
      environmentOfficeName: config.officeName ?? null,
      trustedKeys: await trustedKeysSet(settings),
      environmentKeys: config.contentTrustedKeys,
      signingKey,
      applied: bundles.listImports(LISTED).map(({ bundleId, baseBundleId, sourceName, sourceKey, createdAt, appliedAt }) => ({ bundleId, baseBundleId, sourceName, sourceKey, createdAt, appliedAt })),
      made: bundles.listExports(LISTED).map(({ bundleId, baseBundleId, createdAt, counts }) => ({ bundleId, baseBundleId, createdAt, counts })),
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
    if (bad >= 0) throw apiError(400, inContext(bundleMessages.badKeyLine, 'content-bundles', `trustedKeys.${bad}`), `trustedKeys.${bad}`);
    const officeName = request.body.officeName.trim().replace(/\s+/g, ' ') || null;
    const before = { trustedKeys: await trustedKeysSet(settings), officeName: await siteNameSet(settings) };
    await saveBundleSettings(settings, trustedKeys, officeName);
    const changes = changedFields(before, { trustedKeys, officeName });
    if (Object.keys(changes).length > 0) await app.audit.record(request.currentUser!, 'update', 'settings', 'content-bundles', changes, null);
    return overview();
  });

  // Headquarters makes its key from the screen: no one at a field office should need a terminal.
  app.post('/content-bundles/signing-key', {
    onRequest: app.requireAdmin,
    schema: {
      tags, security, response: { 200: OverviewSchema, ...errorResponses },
      summary: 'Make this site\'s signing key when it has none, as `npm run content -- keygen` does, and answer the overview with its public key (admin)',
    },
  }, async (request) => {
    let made: ReturnType<typeof makeSigningKey>;
    try {
      made = makeSigningKey(config);
    } catch (error) {
      // A full or read-only disk is answered as every storage failure is (503); a broken key file is the operator's to replace.
      if (describeStorageError(error, app.config.databaseFile)) throw error;
      app.log.error({ err: error }, 'the content signing key cannot be made or read');
      throw apiError(409, bundleMessages.signingKeyUnreadable);
    }
    if (made.made) await app.audit.record(request.currentUser!, 'create', 'content-signing-key', 'site', { publicKey: { to: made.key.publicKeyLine } }, null);
    return overview();
  });

  app.post('/content-bundles/import', {
    onRequest: app.requireAdmin,
    schema: {
      tags, security, consumes,
      summary: 'Apply a content bundle from headquarters (field "bundle"): checked whole, then applied in one transaction; 409 while another import runs (admin)',
      response: { 200: ImportReportSchema, ...errorResponses },
    },
  }, async (request, reply) => {
    if (importing) throw apiError(409, bundleMessages.importRunning, 'bundle');
    importing = true;
    allowLongWork(request, reply);
    const folder = workFolder();
    try {
      const archive = path.join(folder, 'bundle.tar.gz');
      await receiveOneFile(request, { field: 'bundle', maxBytes: DEFAULT_BUNDLE_LIMITS.archiveBytes, tooLarge: bundleMessages.tooLarge, noFile: bundleMessages.noFile }, archive);
      return await importBundle(archive, site, {
        dataDir: config.dataDir, databaseFile: config.databaseFile, uploadsDir: config.uploadsDir,
        trustedKeys: await trustedKeysOf(config, settings), actor: request.currentUser!,
      });
    } catch (error) {
      throw asApiError(error);
    } finally {
      importing = false;
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
      const name = `content-${utcStamp(new Date())}.tar.gz`;
      const written = await exportBundle(path.join(folder, name), site, {
        databaseFile: config.databaseFile, uploadsDir: config.uploadsDir, signingKey, since: request.body.since ?? null,
        sourceName: (await siteNameOf(config, settings)) ?? DEFAULT_SOURCE_NAME,
      });
      await app.audit.record(request.currentUser!, 'create', 'content-bundle-export', written.manifest.bundleId, { base: written.manifest.baseBundleId, counts: written.manifest.counts }, null);
      return sendDownload(reply, written.file, `content-${written.manifest.bundleId}.tar.gz`, 'application/gzip', cleanup);
    } catch (error) {
      cleanup();
      throw asApiError(error);
    }
  });
};

export default contentBundlesRoutes;
