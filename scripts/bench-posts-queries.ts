// The posts repository's query path alone, behind the public posts' page cache: what a cache miss
// costs for each read and write. bench:api measures the routes, where the public list and search
// are almost always served from the cache; this script measures what is behind it.
// Run: npm run bench:posts-queries (2,000 posts, the median of 5 rounds per operation).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { searchWordsOf } from '../src/modules/posts/search-query';
import { BENCH_POSTS, benchPost } from './lib/bench-posts';

const ROUNDS = 5;

async function timePerCall(calls: number, run: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < Math.min(calls, 100); i++) await run(i); // warm-up
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await run(round * calls + i);
    rounds.push(Number(process.hrtime.bigint() - start) / 1000 / calls);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-posts-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', ADMIN_EMAIL: 'bench@example.org', ADMIN_PASSWORD: 'bench-password-1', DAILY_BACKUPS_KEPT: '0' }), { logger: false });
try {
  const repo = app.repositories.posts;
  const ids: string[] = [];
  for (let i = 0; i < BENCH_POSTS; i++) ids.push((await repo.create(benchPost(i), null))._id);
  const admin = { id: 'nobody', isAdmin: true };
  const author = { id: 'nobody', isAdmin: false };

  const figures: Array<{ operation: string; 'µs per call': number }> = [];
  const measure = async (operation: string, calls: number, run: (i: number) => unknown) => {
    figures.push({ operation, 'µs per call': Math.round(await timePerCall(calls, run)) });
  };
  // International posts are the English ones of every sixth: 334 posts, 38 pages.
  await measure('list page (International/en, pages 1..38) + count', 2000, (i) => repo.visiblePage('International', 'en', 1 + (i % 38)));
  await measure('search "trafficking" (pages 1..10) + count', 500, (i) => repo.visibleSearchPage(searchWordsOf('trafficking')!, 1 + (i % 10)));
  await measure('search "الاتجار" (pages 1..10) + count', 500, (i) => repo.visibleSearchPage(searchWordsOf('الاتجار')!, 1 + (i % 10)));
  await measure('post by id', 5000, (i) => repo.findById(ids[i % ids.length]));
  await measure('count a view', 2000, (i) => repo.countView(ids[i % ids.length]));
  await measure('author\'s posts (none)', 5000, () => repo.listForAuthor(author));
  await measure(`admin's posts (all ${BENCH_POSTS})`, 20, () => repo.listForAuthor(admin));
  const created: string[] = [];
  await measure('create', 300, async (i) => { created.push((await repo.create(benchPost(i), null))._id); });
  await measure('update', 300, (i) => repo.update(created[i % created.length], benchPost(i + 1)));
  await measure('delete', 300, (i) => repo.delete(created[i]));
  console.log(`Node ${process.version}, ${BENCH_POSTS} posts, median of ${ROUNDS} rounds`);
  console.table(figures);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
