// The posts the benchmarks seed: 2,000 posts of every type, half English, half Arabic, with texts
// built from a few recurring words so that search has hundreds of matches to join and sort.
import SQLite from 'better-sqlite3';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { NewPost } from '../../src/modules/posts/schema';

export const BENCH_POSTS = 2000;
export const BENCH_ADMIN = { email: 'bench@example.org', password: 'bench-password-1' };
const TYPES = ['International', 'Iraq', 'Training', 'Guide', 'Form', 'Flyer And Brochure'] as const;
const WORDS_EN = ['trafficking', 'labour', 'exploitation', 'protection', 'victims', 'support', 'law', 'rights', 'shelter', 'hotline'];
const WORDS_AR = ['الاتجار', 'بالبشر', 'الحماية', 'الضحايا', 'القانون', 'الحقوق', 'المساعدة', 'الاستغلال', 'العمل', 'الإيواء'];

function sentence(words: string[], i: number, length: number): string {
  return Array.from({ length }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
}

/** The i-th benchmark post: odd ones Arabic. */
export function benchPost(i: number): NewPost {
  const arabic = i % 2 === 1;
  return {
    title: `${arabic ? 'منشور' : 'Post'} ${i} ${sentence(arabic ? WORDS_AR : WORDS_EN, i, 4)}`,
    describtion: sentence(arabic ? WORDS_AR : WORDS_EN, i, 120),
    language: arabic ? 'ar' : 'en',
    type: TYPES[i % TYPES.length],
  };
}

/** A data folder with the demo content and BENCH_POSTS posts, written through the API as staff would. */
export async function seedBenchSite(dataDir: string): Promise<void> {
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, SEED_DEMO: '1', DAILY_BACKUPS_KEPT: '0' };
  const app = await buildApp(loadConfig(env), { logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: BENCH_ADMIN });
  const token = login.json<{ token: string }>().token;
  for (let i = 0; i < BENCH_POSTS; i++) {
    const response = await app.inject({ method: 'POST', url: '/api/posts', headers: { authorization: `Bearer ${token}` }, payload: benchPost(i) });
    if (response.statusCode !== 201) throw new Error(`seeding failed: ${response.statusCode} ${response.body}`);
  }
  await app.close();
}

/** Every published post's id, read from the seeded database. */
export function publishedPostIds(dataDir: string): string[] {
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return (db.prepare("SELECT id FROM posts WHERE state = 'published' ORDER BY created_at").all() as Array<{ id: string }>).map((row) => row.id);
  } finally {
    db.close();
  }
}
