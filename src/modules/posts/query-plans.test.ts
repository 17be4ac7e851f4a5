// What visitors read of posts costs what the page costs, not what the site holds: every public read
// runs from an index in its order (no temporary B-tree sorting every post) and skips posts in an
// index, never in the table. Checked on SQLite's own query plans of the statements each read runs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';

let ctx: TestContext;

/** The query plans of every statement `read` prepares for the first time. */
async function plansOf(read: () => Promise<unknown>): Promise<Array<{ sql: string; plan: string[] }>> {
  const { sqlite } = ctx.app;
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  const spy = vi.spyOn(sqlite, 'prepare').mockImplementation((source: string) => {
    prepared.push(source);
    return prepare(source);
  });
  try {
    await read();
  } finally {
    spy.mockRestore();
  }
  return prepared.filter((source) => /^\s*select/i.test(source)).map((source) => ({
    sql: source,
    // Parameters do not change the plan: each is given as null.
    plan: (sqlite.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...Array((source.match(/\?/g) ?? []).length).fill(null)) as Array<{ detail: string }>).map((row) => row.detail),
  }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  const { posts } = ctx.app.repositories;
  for (let n = 0; n < 30; n++) {
    await posts.create({ title: `Post ${n} shelter`, describtion: 'Text', language: n % 2 ? 'ar' : 'en', type: 'Iraq' }, null, new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString());
  }
});
afterAll(async () => ctx.cleanup());

describe('the query plans of what visitors read', () => {
  it.each([
    ['a feed', () => ctx.app.publicPosts.latest('ar', 20), /posts_published/],
    ['a sitemap slice past the first', () => ctx.app.publicPosts.sitemapEntries(10, 10), /COVERING INDEX posts_published/],
    ['the sitemap\'s count', () => ctx.app.publicPosts.countVisible(), /COVERING INDEX/],
    ['a deep list page', () => ctx.app.publicPosts.listPage('Iraq', 'ar', 2), /COVERING INDEX posts_list/],
    ['a search page', () => ctx.app.publicPosts.searchPage('shelter', 2), /VIRTUAL TABLE INDEX/],
  ] as const)('%s reads an index in its order, never sorting every post nor reading the table for the posts it skips', async (_name, read, index) => {
    const plans = await plansOf(read);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql, plan } of plans) {
      const text = plan.join(' | ');
      expect(text, sql).not.toMatch(/TEMP B-TREE/);
      // Every read of posts goes through an index (or a rowid lookup), never a scan of the table,
      // nor a walk of every published post in an index of the state alone.
      expect(text, sql).not.toMatch(/SCAN p(?! USING)/);
      expect(text, sql).not.toMatch(/SEARCH p USING INDEX \w+ \(state=\?\)/);
    }
    expect(plans.map(({ plan }) => plan.join(' ')).join(' | ')).toMatch(index);
  });
});
