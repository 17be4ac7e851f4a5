// Starts a content bundle's worker thread (bundle-worker.ts) and talks to it, one request at a
// time: an import's check and apply, or an export. Where its code is depends on how the server runs: from the sources (tests, npm run dev)
// tsx compiles it; the bundled server (dist/server.mjs, the kiosk's server.cjs) finds the
// bundle-worker.cjs built beside it; the single executable finds it in its unpacked folder, with
// better-sqlite3's binary from there (scripts/build-server.mjs builds it for all three).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { unpackedFiles } from '../../binary/runtime';
import { isSingleExecutable } from '../../binary/single-executable';
import type { BilingualMessage } from '../../errors';
import type { CheckedContent } from './apply';
import type { WrittenBundle } from './archive';
import type { BundleKind } from './format';
import type { MakeBundleRequest } from './make-bundle';
import { BundleRefusedError } from './messages';
import type { BundleOrder } from './order';
import type { ImportReport } from './schema';

export const BUNDLE_WORKER_FILE = 'bundle-worker.cjs';

/**
 * The worker's heap: it holds one item of content.json (or one batch of posts) at a time, never
 * the bundle, and at most a snapshot of fingerprints. Past it the worker alone stops (the import
 * or export fails, nothing changed); the server goes on.
 */
export const BUNDLE_WORKER_HEAP_MB = 64;

/** Its young generation: items are short-lived, and V8's default would add some 30 MB of RSS. */
const BUNDLE_WORKER_YOUNG_MB = 8;

export interface BundleThreadData {
  databaseFile: string;
  /** better-sqlite3's binary, when it is not found from the worker's own file (the single executable). */
  nativeBinding?: string;
}

export type WorkerRequest =
  | { op: 'check'; contentFile: string }
  | { op: 'apply'; contentFile: string; order: BundleOrder; sourceName: string; files: ImportReport['files'] }
  | ({ op: 'export' } & MakeBundleRequest);

export interface AppliedImport {
  report: ImportReport;
  previousFiles: string[];
  changedIds: Record<BundleKind, string[]>;
}

export type WorkerAnswer =
  | ({ op: 'check' } & CheckedContent)
  | ({ op: 'apply' } & AppliedImport)
  | { op: 'export'; written: WrittenBundle }
  | { op: 'refused'; statusCode: number; reason: BilingualMessage; field: string | null }
  | { op: 'failed'; message: string; code?: string; stack?: string };

interface WorkerStart { script: string; evaluated: boolean; nativeBinding?: string }

function workerStart(): WorkerStart {
  if (isSingleExecutable()) {
    const files = unpackedFiles();
    return { script: path.join(files.dir, BUNDLE_WORKER_FILE), evaluated: false, nativeBinding: files.nativeAddon('better-sqlite3') };
  }
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const source = new URL('./bundle-worker.ts', import.meta.url).href;
    const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
    return { script, evaluated: true };
  }
  // Inside the kiosk's app.asar the worker is unpacked beside it (electron-builder.yml).
  return { script: path.join(path.dirname(here), BUNDLE_WORKER_FILE).replace(/app\.asar([\\/])/, 'app.asar.unpacked$1'), evaluated: false };
}

export class BundleThread {
  private readonly worker: Worker;
  private pending: { resolve: (answer: WorkerAnswer) => void; reject: (error: unknown) => void } | null = null;
  private stopped: Error | null = null;

  constructor(data: Omit<BundleThreadData, 'nativeBinding'>, heapMb = BUNDLE_WORKER_HEAP_MB) {
    const start = workerStart();
    const workerData: BundleThreadData = { ...data, nativeBinding: start.nativeBinding };
    this.worker = new Worker(start.script, { eval: start.evaluated, workerData, resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: BUNDLE_WORKER_YOUNG_MB }, stdout: false, stderr: false });
    this.worker.on('message', (answer: WorkerAnswer) => this.settle((pending) => pending.resolve(answer)));
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the content bundle's worker stopped (exit code ${code})`)));
  }

  private settle(action: (pending: NonNullable<BundleThread['pending']>) => void): void {
    const { pending } = this;
    this.pending = null;
    if (pending) action(pending);
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    this.settle((pending) => pending.reject(error));
  }

  private async ask(request: WorkerRequest): Promise<WorkerAnswer> {
    if (this.stopped) throw this.stopped;
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(request);
    });
    if (answer.op === 'refused') throw new BundleRefusedError(answer.statusCode, answer.reason, answer.field);
    if (answer.op === 'failed') {
      // The code (SQLITE_FULL, SQLITE_BUSY, ...) is what the error handler answers by.
      throw Object.assign(new Error(answer.message), { code: answer.code, stack: answer.stack });
    }
    return answer;
  }

  /** An import's first reading of content.json: every item checked, the uploads the items show. */
  async check(contentFile: string): Promise<CheckedContent> {
    const { uploads } = await this.ask({ op: 'check', contentFile }) as CheckedContent;
    return { uploads };
  }

  /** An import's second reading, in one write transaction, and the import recorded. */
  async apply(request: Omit<Extract<WorkerRequest, { op: 'apply' }>, 'op'>): Promise<AppliedImport> {
    const { report, previousFiles, changedIds } = await this.ask({ op: 'apply', ...request }) as AppliedImport;
    return { report, previousFiles, changedIds };
  }

  /** A bundle made (make-bundle.ts) and recorded. */
  async export(request: MakeBundleRequest): Promise<WrittenBundle> {
    return (await this.ask({ op: 'export', ...request }) as { written: WrittenBundle }).written;
  }

  async close(): Promise<void> {
    this.stopped ??= new Error('closed');
    await this.worker.terminate();
  }
}
