// The databases npm run bench:scale measures: N posts (half English, half Arabic, bodies of about
// 1,500 characters built from a recurring vocabulary, so the commonest word is in nearly every
// post) and a year of visit counts. Written straight into the file with prepared statements in one
// transaction, before any server starts, and kept under .bench-scale/ (gitignored) so that
// later runs only copy the file. Deterministic: the same N always gives the same database.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrator';
import { PostSearchIndex } from '../../src/modules/posts/search-index';
import { POST_TYPES } from '../../src/shared/domain';
import { projectRoot } from './server-process';

/** Bumped whenever what the seed writes changes: older cached files are then not reused. */
const SEED_VERSION = 2;
export const SCALE_CACHE_DIR = path.join(projectRoot, '.bench-scale');

/** The words the benchmark searches for: the commonest of each language. */
export const COMMONEST = { en: 'trafficking', ar: 'الاتجار' } as const;

const DOMAIN_EN = ['trafficking', 'protection', 'victims', 'labour', 'exploitation', 'law', 'rights', 'shelter', 'hotline', 'police', 'court', 'border', 'children', 'women', 'migrant', 'recruitment', 'debt', 'forced', 'marriage', 'referral', 'identification', 'survivor', 'assistance', 'prosecution'];
const DOMAIN_AR = ['الاتّجار', 'بالبشر', 'الحماية', 'الضحايا', 'القانون', 'الحقوق', 'المساعدة', 'الاستغلال', 'العمل', 'الإيواء', 'الشرطة', 'المحكمة', 'الحدود', 'الأطفال', 'النساء', 'المهاجرين', 'التجنيد', 'الديون', 'القسري', 'الزواج', 'الإحالة', 'التعرّف', 'الناجين', 'الملاحقة'];

/** Words for the mixed load's searches: common, middling and rare, in both languages. */
export const SEARCH_WORDS = [...DOMAIN_EN.slice(0, 12), ...DOMAIN_AR.slice(0, 12), 'labour exploitation', 'حماية الاطفال', 'kalomer', 'بتجد'];

/** A seeded random source (the same numbers every run). */
export function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function vocabulary(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  // Zipf-like: the first words are in most posts, the tail is rare.
  const zipf = <T>(items: readonly T[]): T => items[Math.floor(Math.pow(random(), 3) * items.length)];
  const syllablesEn = ['ka', 'lo', 'mer', 'tin', 'sa', 'ro', 'vel', 'dan', 'pi', 'cor', 'ul', 'bex', 'ta', 'nor', 'gi'];
  const lettersAr = ['ب', 'ت', 'ج', 'د', 'ر', 'س', 'ع', 'ف', 'ق', 'ك', 'ل', 'م', 'ن', 'ه', 'و', 'ي', 'ا'];
  const fillerEn = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(syllablesEn)).join(''));
  const fillerAr = Array.from({ length: 3000 }, () => Array.from({ length: 3 + Math.floor(random() * 4) }, () => pick(lettersAr)).join(''));
  return {
    pick,
    words(arabic: boolean, count: number): string {
      const domain = arabic ? DOMAIN_AR : DOMAIN_EN;
      const filler = arabic ? fillerAr : fillerEn;
      return Array.from({ length: count }, () => (random() < 0.25 ? zipf(domain) : zipf(filler))).join(' ');
    },
  };
}

/** The i-th post's id: 24 hexadecimal characters, as new ids are. */
export const scalePostId = (i: number) => i.toString(16).padStart(24, '0');

/** One post in 50 is a draft, one in 200 scheduled (for a later year); visitors see the rest. */
export function scalePostState(i: number): 'published' | 'draft' | 'scheduled' {
  if (i % 50 === 7) return 'draft';
  return i % 200 === 13 ? 'scheduled' : 'published';
}

/** The i-th published post's number (the mixed load reads only posts visitors may see). */
export function publishedPostNumber(n: number, posts: number): number {
  let i = n % posts;
  while (scalePostState(i) !== 'published') i = (i + 1) % posts;
  return i;
}

const DAY_MS = 86_400_000;
const VISIT_DAYS = 365;
/** Post pages viewed on a day (a long tail of the site's posts), plus the fixed pages. */
const POST_PATHS_A_DAY = 1500;
const FIXED_PATHS = ['/', '/about', '/ht', '/international', '/servicemap', '/useful_tools', '/seeking_help', '/contact', '/search', ...POST_TYPES.map((type) => `/posts/${encodeURIComponent(type)}`)];

async function seedInto(file: string, posts: number): Promise<void> {
  const random = randomSource(20260730 + posts);
  const { pick, words } = vocabulary(random);
  const handle = openDatabase(file);
  const { sqlite } = handle;
  const insertPost = sqlite.prepare(`INSERT INTO posts (id, title, description, language, type, state, author_id, created_at, updated_at, publish_at, sort_key)
    VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`);
  const insertCount = sqlite.prepare('INSERT INTO event_counts (day, name, path, count) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET count = count + excluded.count');
  const insertVisitors = sqlite.prepare('INSERT INTO visitor_days (day, count) VALUES (?, ?)');
  const start = Date.UTC(2016, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  // Ten years of posts, evenly spread; created_at strictly increasing so sort keys are unique.
  sqlite.transaction(() => {
    for (let i = 0; i < posts; i++) {
      const arabic = i % 2 === 1;
      const state = scalePostState(i);
      const createdMs = start + Math.floor((i / posts) * span);
      const createdAt = new Date(createdMs).toISOString();
      const title = `${arabic ? 'منشور' : 'Post'} ${i} ${words(arabic, 6)}`;
      // About 1,500 characters: English words average 7 characters with their space, Arabic 6.
      const description = words(arabic, arabic ? 250 : 215);
      const id = scalePostId(i);
      insertPost.run(id, title, description, arabic ? 'ar' : 'en', pick(POST_TYPES), state, createdAt, createdAt,
        state === 'scheduled' ? new Date(Date.UTC(2099, 0, 1) + i * 1000).toISOString() : null, createdMs * 1024 + (i % 1024));
    }
    // A year of visits ending yesterday: page views of the fixed pages and of a long tail of posts.
    const today = Date.UTC(2026, 0, 1);
    for (let d = VISIT_DAYS; d >= 1; d--) {
      const day = new Date(today - d * DAY_MS).toISOString().slice(0, 10);
      insertVisitors.run(day, 200 + Math.floor(random() * 800));
      for (const fixed of FIXED_PATHS) insertCount.run(day, 'pageview', fixed, 20 + Math.floor(random() * 200));
      insertCount.run(day, 'contact_click', '/contact', 1 + Math.floor(random() * 20));
      for (let k = 0; k < POST_PATHS_A_DAY; k++) {
        const post = Math.floor(Math.pow(random(), 2) * posts);
        insertCount.run(day, 'pageview', `/p/${scalePostId(post)}`, 1 + Math.floor(random() * 5));
      }
    }
  })();
  // The posts' search index, as a server that has run since the posts were written has it.
  new PostSearchIndex(sqlite).catchUp();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await handle.close();
}

/**
 * A database of `posts` posts, migrated as this checkout migrates: made once and kept in
 * .bench-scale (a file made before a newer migration is kept too: the server migrates its
 * copy at start, which is what an upgrade does). Answers the cached file; copy it before use.
 */
export async function scaleDatabase(posts: number, log: (line: string) => void = console.log): Promise<string> {
  mkdirSync(SCALE_CACHE_DIR, { recursive: true });
  const cached = path.join(SCALE_CACHE_DIR, `posts-${posts}-v${SEED_VERSION}.db`);
  if (existsSync(cached)) return cached;
  const partial = `${cached}.partial`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  const started = performance.now();
  log(`  seeding ${posts.toLocaleString('en')} posts into ${path.relative(projectRoot, cached)} (once; later runs copy it)...`);
  const handle = openDatabase(partial);
  await migrateToLatest(handle, path.join(SCALE_CACHE_DIR, 'migration-backups'));
  await handle.close();
  await seedInto(partial, posts);
  renameSync(partial, cached);
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return cached;
}

/** A copy of the cached database as DATA_DIR/site.db. */
export function copyScaleDatabase(cached: string, dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, 'site.db');
  copyFileSync(cached, target);
  return target;
}
