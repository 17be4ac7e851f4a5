// One step of bench:scale's content bundles, in a process of its own so that its peak memory is
// its own and a heap that runs out (the step is started with --max-old-space-size) ends only it.
// Prints one JSON line: { ms, peakRssMb, longestPauseMs, ... }.
//   export <dataDir> <keyFile> <outFile> [since]     headquarters makes a bundle (full, or since "last")
//   change <dataDir> <count>                          headquarters edits count/2 posts and deletes count/2
//   import <dataDir> <publicKeyLine> <bundleFile>     an office applies it
import { statSync } from 'node:fs';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { exportBundle } from '../../src/modules/content-bundles/export';
import { importBundle } from '../../src/modules/content-bundles/import';
import { loadSigningKey } from '../../src/modules/content-bundles/keys';
import { bundleSiteOf } from '../../src/modules/content-bundles/site';
import { peakRssMb, resetPeakRss, rssMb, withPauseProbe } from './process-figures';

const [step, dataDir, ...rest] = process.argv.slice(2);
const app = await buildApp(loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', DAILY_BACKUPS_KEPT: '0', CLIENT_DIR: `${dataDir}/no-client`, LOG_LEVEL: 'warn' }), { logger: false });
try {
  // A site that has just imported a whole bundle indexes it for search in the background: let that
  // finish first, so the step's figures are its own.
  if (app.repositories.postsSearch.isBuilding) await app.repositories.postsSearch.build();
  const site = bundleSiteOf(app);
  const restingRssMb = Math.round(rssMb('self'));
  resetPeakRss('self');
  const started = performance.now();
  let details: Record<string, unknown> = {};
  let longestPauseMs = 0;
  if (step === 'export') {
    const [keyFile, outFile, since] = rest;
    const done = await withPauseProbe(() => exportBundle(outFile, site, { databaseFile: app.config.databaseFile, uploadsDir: app.config.uploadsDir, signingKey: loadSigningKey(keyFile), sourceName: 'HQ', since: since ?? null }));
    longestPauseMs = done.longestPauseMs;
    details = { bytes: statSync(outFile).size, counts: done.value.manifest.counts };
  } else if (step === 'change') {
    const count = Number(rest[0]);
    const { posts } = app.repositories;
    const ids = (await app.db.selectFrom('posts').select('id').where('state', '=', 'published').orderBy('created_at', 'desc').limit(count).execute()).map((row) => row.id);
    for (const id of ids.slice(0, count / 2)) {
      const post = (await posts.findById(id))!;
      await posts.update(id, { title: `${post.title} (edited)`, describtion: post.describtion, language: post.language, type: post.type });
    }
    for (const id of ids.slice(count / 2)) await posts.delete(id);
  } else if (step === 'import') {
    const [publicKeyLine, bundleFile] = rest;
    const done = await withPauseProbe(() => importBundle(bundleFile, site, {
      dataDir: app.config.dataDir, databaseFile: app.config.databaseFile, uploadsDir: app.config.uploadsDir, trustedKeys: new Set([publicKeyLine]), actor: { id: null, email: 'bench' },
    }));
    longestPauseMs = done.longestPauseMs;
    details = { changes: done.value.changes.posts };
  } else {
    throw new Error(`unknown step ${step}`);
  }
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ ms, peakRssMb: Math.round(peakRssMb('self')), restingRssMb, longestPauseMs, ...details }));
} finally {
  await app.close();
}
