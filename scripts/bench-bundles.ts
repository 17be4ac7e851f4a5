// npm run bench:bundles: content bundles at a realistic size. Headquarters holds BENCH_POSTS posts
// (default 2,000), each with its own picture (a real WebP of BENCH_IMAGE_SIDE px, default 640, as an
// upload stores it: the office writes its responsive variants at the import); measures a full
// export, its import into a new field office, an incremental bundle of 20 changes, and how long the
// import holds the event loop (the apply is one synchronous transaction, during which the office's
// server answers nothing).
// Budgets: full import of 2,000 posts under 10 s; the event loop held under 1 s; incremental under 1 s.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { exportBundle } from '../src/modules/content-bundles/export';
import { importBundle } from '../src/modules/content-bundles/import';
import { generateSigningKey } from '../src/modules/content-bundles/keys';
import { bundleSiteOf } from '../src/modules/content-bundles/site';
import { makeTestConfig } from '../src/test/helpers';
import { withPauseProbe } from './lib/process-figures';

const POSTS = Number(process.env.BENCH_POSTS || 2000);
const IMAGE_SIDE = Number(process.env.BENCH_IMAGE_SIDE || 640);
const BUDGET = { fullImportMs: 10_000, eventLoopMs: 1_000, incrementalMs: 1_000 };

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-bundles-'));
const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
};

try {
  const key = generateSigningKey(path.join(scratch, 'key.pem'));
  const hq = await buildApp(makeTestConfig(path.join(scratch, 'hq')), { logger: false });
  const office = await buildApp(makeTestConfig(path.join(scratch, 'office'), { CONTENT_TRUSTED_KEYS: key.publicKeyLine }), { logger: false });
  try {
    const { posts } = hq.repositories;
    const ids: string[] = [];
    let pictureBytes = 0;
    for (let i = 0; i < POSTS; i += 1) {
      // A different picture each (noise on a colour), encoded as the upload routes store images.
      const name = `${randomBytes(12).toString('hex')}.webp`;
      const picture = await sharp({ create: { width: IMAGE_SIDE, height: Math.round(IMAGE_SIDE * 0.75), channels: 3, background: { r: i % 256, g: 90, b: 160 },
        noise: { type: 'gaussian', mean: 128, sigma: 20 } } }).webp({ quality: 80 }).toBuffer();
      pictureBytes += picture.length;
      writeFileSync(path.join(hq.config.uploadsDir, name), picture);
      const post = await posts.create({
        title: `Post ${i}: trafficking awareness / الاتجار بالبشر`, describtion: `Body of post ${i}. `.repeat(60),
        language: i % 2 ? 'ar' : 'en', type: 'Iraq', image: `/uploads/${name}`, state: 'published',
      }, null, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString());
      ids.push(post._id);
    }
    const hqSite = bundleSiteOf(hq);
    const officeSite = bundleSiteOf(office);
    const officeOptions = { dataDir: office.config.dataDir, databaseFile: office.config.databaseFile, uploadsDir: office.config.uploadsDir, trustedKeys: new Set([key.publicKeyLine]), actor: { id: null, email: 'bench' } };

    const full = await timed(() => exportBundle(path.join(scratch, 'full.tar.gz'), hqSite, { databaseFile: hq.config.databaseFile, uploadsDir: hq.config.uploadsDir, signingKey: key, sourceName: 'HQ' }));
    const applied = await timed(() => withPauseProbe(() => importBundle(full.value.file, officeSite, officeOptions)));
    const rssAfterImport = rssMb();

    for (const id of ids.slice(0, 10)) {
      const post = (await posts.findById(id))!;
      await posts.update(id, { title: `${post.title} (edited)`, describtion: post.describtion, language: post.language, type: 'Iraq', image: post.image });
    }
    for (const id of ids.slice(10, 20)) await posts.delete(id);
    const since = await timed(() => exportBundle(path.join(scratch, 'since.tar.gz'), hqSite, { databaseFile: hq.config.databaseFile, uploadsDir: hq.config.uploadsDir, signingKey: key, sourceName: 'HQ', since: 'last' }));
    const incremental = await timed(() => importBundle(since.value.file, officeSite, officeOptions));

    const mb = (file: string) => (statSync(file).size / 1024 / 1024).toFixed(1);
    console.log(`content bundles, ${POSTS} posts with a ${IMAGE_SIDE} px picture each (${Math.round(pictureBytes / POSTS / 1024)} KB on average) (Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)})\n`);
    console.log('| step | time | bundle size | notes |');
    console.log('|---|---|---|---|');
    console.log(`| full export | ${full.ms} ms | ${mb(full.value.file)} MB | ${full.value.manifest.counts.files} files |`);
    console.log(`| full import into a new office | ${applied.ms} ms | | ${applied.value.value.changes.posts.added} posts added, ${applied.value.value.files.copied} files with their variants; event loop held at most ${applied.value.longestPauseMs} ms; RSS of this process (both sites) ${rssAfterImport} MB |`);
    console.log(`| incremental export (10 edited, 10 deleted) | ${since.ms} ms | ${mb(since.value.file)} MB | |`);
    console.log(`| incremental import | ${incremental.ms} ms | | ${incremental.value.changes.posts.updated} updated, ${incremental.value.changes.posts.deleted} deleted |`);
    const failures = [
      applied.ms > BUDGET.fullImportMs && `full import ${applied.ms} ms > ${BUDGET.fullImportMs} ms`,
      applied.value.longestPauseMs > BUDGET.eventLoopMs && `event loop held ${applied.value.longestPauseMs} ms > ${BUDGET.eventLoopMs} ms`,
      incremental.ms > BUDGET.incrementalMs && `incremental import ${incremental.ms} ms > ${BUDGET.incrementalMs} ms`,
    ].filter(Boolean);
    console.log(failures.length ? `\nover budget: ${failures.join('; ')}` : '\nall budgets met');
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await hq.close();
    await office.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
