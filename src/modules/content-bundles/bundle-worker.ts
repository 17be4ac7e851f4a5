// The worker thread of content bundles (bundle-thread.ts starts it): the heavy work, off the
// server's event loop, on a connection of its own to the WAL database. Its requests:
//  check   an import's first reading of content.json, item by item, outside any transaction
//          (apply.ts checkContent): answers the uploads it shows;
//  apply   the second reading inside one write transaction (BEGIN IMMEDIATE), the import recorded.
//          Readers on the server's connection keep the content as it was until COMMIT, then see
//          all of the new: never half;
//  export  a bundle made and recorded (make-bundle.ts); the server published the posts due first.
import { parentPort, workerData } from 'node:worker_threads';
import { ContentChanges } from '../../content-changes';
import { kyselyOver, openSqlite } from '../../db/connection';
import { nowIso } from '@shared/ids';
import { PostsRepository } from '../posts/repository';
import { PostSearchIndex } from '../posts/search-index';
import { someVisible, visibleInBatches } from '../posts/visible-batches';
import { applyContent, checkContent } from './apply';
import { makeBundle, type ExportSource } from './make-bundle';
import { BundleRefusedError } from './messages';
import { checkOrder } from './order';
import { ContentBundleRepository } from './repository';
import type { ImportReport } from './schema';
import { contentRecords } from './stores';
import type { BundleThreadData, WorkerAnswer, WorkerRequest } from './bundle-thread';

const WORKER_CACHE_KIB = -4000;
/**
 * How long the export's record waits for another writer (an import applying a whole bundle holds
 * the database for tens of seconds at 100,000 posts): only this thread waits.
 */
const EXPORT_RECORD_WAIT_MS = 5 * 60_000;

const { databaseFile, nativeBinding } = workerData as BundleThreadData;
const sqlite = openSqlite(databaseFile, 'FULL', nativeBinding ? { nativeBinding } : {});
// A page cache of 4 MB for the site's file and for the TEMP notes (16 MB each by default): the
// worker reads each page about once, and its memory adds to the server's.
sqlite.pragma(`cache_size = ${WORKER_CACHE_KIB}`);
sqlite.pragma(`temp.cache_size = ${WORKER_CACHE_KIB}`);
const bundles = new ContentBundleRepository(null, sqlite);
const records = contentRecords(sqlite);

/** What an export reads: posts through the posts module's own queries (the rule of what visitors see). */
function exportSource(): ExportSource {
  sqlite.pragma(`busy_timeout = ${EXPORT_RECORD_WAIT_MS}`);
  const posts = new PostsRepository(kyselyOver(sqlite), new ContentChanges(), new PostSearchIndex(sqlite));
  return { bundles, records, posts: { allInBatches: () => visibleInBatches(posts), someWhole: (ids) => someVisible(posts, ids) } };
}

async function handle(request: WorkerRequest): Promise<WorkerAnswer> {
  if (request.op === 'check') return { op: 'check', ...checkContent(sqlite, request.contentFile) };
  if (request.op === 'export') {
    const { op: _op, ...making } = request;
    return { op: 'export', written: await makeBundle(making, exportSource()) };
  }
  const { contentFile, order, sourceName, files } = request;
  return sqlite.transaction(() => {
    checkOrder(bundles, order);
    const applied = applyContent({ sqlite, bundles, records }, contentFile, order.sourceKey, order.baseBundleId === null);
    const report: ImportReport = {
      bundleId: order.bundleId, baseBundleId: order.baseBundleId, createdAt: order.createdAt, sourceName, sourceKey: order.sourceKey,
      appliedAt: nowIso(), changes: applied.changes, keptDrafts: applied.keptDrafts, keptOwn: applied.keptOwn,
      replacedCities: applied.replacedCities, files,
    };
    bundles.recordImport({ ...report, report });
    return { op: 'apply' as const, report, previousFiles: applied.previousFiles, changedIds: applied.changedIds };
  }).immediate();
}

function failure(error: unknown): WorkerAnswer {
  if (error instanceof BundleRefusedError) return { op: 'refused', statusCode: error.statusCode, reason: error.reason, field: error.field };
  const { message, code, stack } = error as { message?: string; code?: string; stack?: string };
  return { op: 'failed', message: message ?? String(error), code, stack };
}

parentPort!.on('message', (request: WorkerRequest) => {
  handle(request).then((answer) => parentPort!.postMessage(answer), (error: unknown) => parentPort!.postMessage(failure(error)));
});
