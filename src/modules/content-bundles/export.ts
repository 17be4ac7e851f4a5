// Making a bundle at headquarters, from the server or the command line: the scheduled posts due
// are published, then the bundle worker thread (bundle-thread.ts) makes it on a connection of its
// own (make-bundle.ts): reading 100,000 posts, fingerprinting, compressing and the base's snapshot
// never hold the server's event loop, and its small heap is collected early. One bundle is made at
// a time: each continues from the one before.
import type { WrittenBundle } from './archive';
import { BundleThread } from './bundle-thread';
import type { BundleContent, BundleLimits, PostItem } from './format';
import type { SigningKey } from './keys';
import type { BundleSite } from './site';
import { postItemOf, publicRecords } from './stores';

export interface ExportOptions {
  /** The site's database: the worker opens its own connection to it. */
  databaseFile: string;
  uploadsDir: string;
  signingKey: SigningKey;
  sourceName: string;
  /** A bundle id made here, or "last" for the newest one; absent for a full bundle. */
  since?: string | null;
  now?: Date;
  limits?: BundleLimits;
  /** The worker thread's heap (tests make it small). */
  workerHeapMb?: number;
}

/** The export in progress: the next waits for it (two at once could be given the same time). */
let exporting: Promise<unknown> = Promise.resolve();

export async function exportBundle(outFile: string, site: BundleSite, options: ExportOptions): Promise<WrittenBundle> {
  const turn = exporting.then(() => exportNow(outFile, site, options));
  exporting = turn.catch(() => undefined);
  return turn;
}

async function exportNow(outFile: string, site: BundleSite, options: ExportOptions): Promise<WrittenBundle> {
  // A write: on the server's connection, before the worker reads what visitors see.
  await site.publicPosts.publishDue();
  const thread = new BundleThread({ databaseFile: options.databaseFile }, options.workerHeapMb);
  try {
    return await thread.export({
      outFile, uploadsDir: options.uploadsDir, signingKey: options.signingKey, sourceName: options.sourceName,
      since: options.since ?? null, now: options.now?.toISOString(), limits: options.limits,
    });
  } finally {
    await thread.close();
  }
}

/** Everything a full bundle describes, read on the server's connection (tests compare bundles with it). */
export async function publishedContent(site: BundleSite): Promise<Omit<BundleContent, 'tombstones'>> {
  const posts: PostItem[] = [];
  for await (const batch of site.publicPosts.allInBatches()) posts.push(...batch.map(postItemOf));
  return { posts, ...(await site.bundles.transaction(() => publicRecords(site.records))) };
}
