// translationOf: a post and its counterpart in the other language, linked both ways from either
// side, at most one each, refused in the same language, and shown to visitors only when public.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let adminToken: string;
let author: { token: string; id: string };
let other: { token: string; id: string };

interface Post { _id: string; language: string; translationOf: string | null }
const english = { title: 'Know your rights', describtion: 'Rights of survivors', language: 'en', type: 'Guide' };
const arabic = { title: 'اعرف حقوقك', describtion: 'حقوق الناجين', language: 'ar', type: 'Guide' };

async function create(payload: object, token = author.token): Promise<Post> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const put = (id: string, payload: object, token = author.token) => ctx.app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: bearer(token), payload });
const linkOf = async (id: string) => ((await ctx.app.inject({ method: 'GET', url: `/api/posts/${id}`, headers: bearer(adminToken) })).json() as Post).translationOf;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  author = await createAuthor(ctx.app, adminToken, 'translator@example.org');
  other = await createAuthor(ctx.app, adminToken, 'someone-else@example.org');
});
afterAll(async () => ctx.cleanup());

describe('translations of a post', () => {
  it('links both ways when set on one side, at creation or later, and unlinks both ways', async () => {
    const en = await create(english);
    const ar = await create({ ...arabic, translationOf: en._id });
    expect(ar.translationOf).toBe(en._id);
    expect(await linkOf(en._id)).toBe(ar._id);

    // Unlinked from the other side: both lose it.
    expect((await put(en._id, { ...english, translationOf: null })).json().translationOf).toBeNull();
    expect(await linkOf(ar._id)).toBeNull();

    // Linked again from the English side; saving without the field keeps the link.
    expect((await put(en._id, { ...english, translationOf: ar._id })).json().translationOf).toBe(ar._id);
    expect((await put(ar._id, { ...arabic, title: 'اعرف حقوقك الآن' })).json().translationOf).toBe(en._id);
    expect(await linkOf(en._id)).toBe(ar._id);
  });

  it('moves a link: the former counterpart is let go', async () => {
    const en = await create(english);
    const first = await create({ ...arabic, translationOf: en._id });
    const second = await create(arabic);
    expect((await put(en._id, { ...english, translationOf: second._id })).statusCode).toBe(200);
    expect(await linkOf(en._id)).toBe(second._id);
    expect(await linkOf(second._id)).toBe(en._id);
    expect(await linkOf(first._id)).toBeNull();
  });

  it('refuses a counterpart in the same language, itself, an unknown post, and one already linked elsewhere', async () => {
    const en = await create(english);
    const en2 = await create({ ...english, title: 'Another English post' });
    const ar = await create(arabic);
    const taken = await create({ ...english, title: 'Linked elsewhere' });
    await create({ ...arabic, title: 'Its counterpart', translationOf: taken._id });

    const cases: Array<[string, object, number, string]> = [
      [en._id, { ...english, translationOf: en2._id }, 400, 'The translation must be in the other language'],
      [en._id, { ...english, translationOf: en._id }, 400, 'A post cannot be its own translation'],
      [en._id, { ...english, translationOf: 'ffffffffffffffffffffffff' }, 400, 'The translation was not found'],
      [ar._id, { ...arabic, translationOf: taken._id }, 409, 'That post is already the translation of another post: unlink it there first'],
    ];
    for (const [id, payload, status, message] of cases) {
      const response = await put(id, payload);
      expect(response.statusCode, message).toBe(status);
      expect(errorOf(response.body)).toMatchObject({ field: 'translationOf', messageEn: message });
    }
    // A new post is refused the same way, and is not created.
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/posts/manage', headers: bearer(author.token) })).json().total;
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(author.token), payload: { ...english, translationOf: en2._id } });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body).messageAr).toBe('يجب أن تكون الترجمة باللغة الأخرى');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/posts/manage', headers: bearer(author.token) })).json().total).toBe(before);
    // Nothing was linked by the refused attempts.
    for (const post of [en, en2, ar]) expect(await linkOf(post._id)).toBeNull();
    expect(await linkOf(taken._id)).not.toBeNull();
  });

  it("refuses to move a linked post into its counterpart's language", async () => {
    const en = await create(english);
    const ar = await create({ ...arabic, translationOf: en._id });
    const response = await put(ar._id, { ...arabic, language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe('translationOf');
    // Unlinking in the same save is fine.
    expect((await put(ar._id, { ...arabic, language: 'en', translationOf: null })).statusCode).toBe(200);
    expect(await linkOf(en._id)).toBeNull();
  });

  it("does not let an author link (and so change) someone else's post", async () => {
    const theirs = await create(arabic, other.token);
    const mine = await create(english);
    const response = await put(mine._id, { ...english, translationOf: theirs._id });
    expect(response.statusCode).toBe(403);
    errorOf(response.body);
    expect(await linkOf(theirs._id)).toBeNull();
    // An admin may link any two posts.
    expect((await put(mine._id, { ...english, translationOf: theirs._id }, adminToken)).statusCode).toBe(200);
    expect(await linkOf(theirs._id)).toBe(mine._id);
  });

  it('names the counterpart to visitors only once it is public', async () => {
    const en = await create(english);
    const draft = await create({ ...arabic, state: 'draft', translationOf: en._id });
    const visitorView = async () => ((await ctx.app.inject({ method: 'GET', url: `/api/posts/${en._id}` })).json() as Post).translationOf;
    const listed = async () => ((await ctx.app.inject({ method: 'GET', url: '/api/posts/Guide/en' })).json().posts as Post[]).find((post) => post._id === en._id)?.translationOf;
    expect(await visitorView()).toBeNull();
    expect(await listed()).toBeNull();
    expect(await linkOf(en._id)).toBe(draft._id);
    expect((await put(draft._id, { ...arabic, state: 'published' })).statusCode).toBe(200);
    expect(await visitorView()).toBe(draft._id);
    expect(await listed()).toBe(draft._id);
  });

  it('unlinks the other side when a post is deleted, and audits every side it changed', async () => {
    const en = await create(english);
    const ar = await create({ ...arabic, translationOf: en._id });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${ar._id}`, headers: bearer(author.token) })).statusCode).toBe(200);
    expect(await linkOf(en._id)).toBeNull();

    const entries = (await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(adminToken) })).json().entries as Array<{ entityId: string; action: string; changes: Record<string, unknown> }>;
    expect(entries.find((entry) => entry.entityId === en._id && entry.action === 'update')?.changes).toEqual({ translationOf: { from: null, to: ar._id } });
    expect(entries.find((entry) => entry.entityId === ar._id && entry.action === 'create')?.changes).toMatchObject({ translationOf: { to: en._id } });
  });
});
