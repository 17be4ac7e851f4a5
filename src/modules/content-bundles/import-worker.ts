// The worker thread of a content import (import-thread.ts starts it): the heavy work, off the
// server's event loop, on a connection of its own to the WAL database. Two requests, in order:
//  check  reads content.json once, item by item, outside any transaction (apply.ts checkContent),
//         and answers the uploads it shows;
//  apply  reads it again inside one write transaction (BEGIN IMMEDIATE) and records the import.
//         Readers on the server's connection keep the content as it was until COMMIT, then see
//         all of the new: never half.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from '../../db/connection';
import { nowIso } from '@shared/ids';
import { applyContent, checkContent } from './apply';
import { BundleRefusedError } from './messages';
import { checkOrder } from './order';
import { ContentBundleRepository } from './repository';
import type { ImportReport } from './schema';
import { contentRecords } from './stores';
import type { ImportThreadData, WorkerAnswer, WorkerRequest } from './import-thread';

const WORKER_CACHE_KIB = -4000;

const { databaseFile, contentFile, nativeBinding } = workerData as ImportThreadData;
const sqlite = openSqlite(databaseFile, 'FULL', nativeBinding ? { nativeBinding } : {});
// A page cache of 4 MB for the site's file and for the TEMP notes (16 MB each by default): the
// worker reads each page about once, and its memory adds to the server's.
sqlite.pragma(`cache_size = ${WORKER_CACHE_KIB}`);
sqlite.pragma(`temp.cache_size = ${WORKER_CACHE_KIB}`);
const bundles = new ContentBundleRepository(null, sqlite);
const records = contentRecords(sqlite);

function handle(request: WorkerRequest): WorkerAnswer {
  if (request.op === 'check') return { op: 'check', ...checkContent(sqlite, contentFile) };
  const { order, sourceName, files } = request;
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

parentPort!.on('message', (request: WorkerRequest) => {
  try {
    parentPort!.postMessage(handle(request));
  } catch (error) {
    if (error instanceof BundleRefusedError) {
      parentPort!.postMessage({ op: 'refused', statusCode: error.statusCode, reason: error.reason, field: error.field });
    } else {
      const { message, code, stack } = error as { message?: string; code?: string; stack?: string };
      parentPort!.postMessage({ op: 'failed', message: message ?? String(error), code, stack });
    }
  }
});
