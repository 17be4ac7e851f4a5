// A visitor's `GET /api/posts/:id` is answered from the JSON PublicPosts keeps per post (issue 22:
// the API's post read). What a client sees must not change: the same bytes and headers as an answer
// made afresh, every view counted as the rules say and shown at once, a staff change or an
// unpublished post seen at the next read, a forged token answered as before. The post read itself
// runs on a prepared statement outside Kysely, except while a transaction is open.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, login, TEST_ADMIN, type TestContext } from '../../test/helpers';

let app: FastifyInstance;
let context: TestContext;
let token: string;

async function createPost(body: Record<string, unknown>): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { type: 'Guide', language: 'ar', ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}

const read = (id: string, client = '198.51.100.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/posts/${id}`, remoteAddress: client, headers: { 'user-agent': 'Reader/1.0', ...headers } });

beforeAll(async () => {
  context = await createTestApp();
  app = context.app;
  token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
});

afterAll(() => context.cleanup());

describe('a visitor reading a post', () => {
  it('gets the same bytes and headers on a read answered from the kept copy as on the first read, and a 304 to its ETag', async () => {
    const id = await createPost({ title: 'دليل الإبلاغ عن الاتجار "بالبشر" </script>', describtion: 'نص عربي طويل مع \u2028 فاصل و\\ شرطة مائلة' });
    const first = await read(id);
    const second = await read(id);
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const { date: _firstDate, ...firstHeaders } = first.headers;
    const { date: _secondDate, ...secondHeaders } = second.headers;
    expect(secondHeaders).toEqual(firstHeaders);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(first.json()).toMatchObject({ _id: id, title: 'دليل الإبلاغ عن الاتجار "بالبشر" </script>', views: 1 });
    expect(first.json()).not.toHaveProperty('author');
    expect(first.json()).not.toHaveProperty('authorName');
    const revalidated = await read(id, '198.51.100.1', { 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('sees every other client\'s view counted at once, its own only once a day', async () => {
    const id = await createPost({ title: 'عدّاد المشاهدات', describtion: 'نص' });
    expect((await read(id, '198.51.100.10')).json().views).toBe(1);
    expect((await read(id, '198.51.100.10')).json().views).toBe(1);
    expect((await read(id, '198.51.100.11')).json().views).toBe(2);
    // The rendered page counts its view through POST .../view: the API's next answer shows it.
    expect((await app.inject({ method: 'POST', url: `/api/posts/${id}/view`, remoteAddress: '198.51.100.12', headers: { 'user-agent': 'Reader/1.0' } })).statusCode).toBe(204);
    expect((await read(id, '198.51.100.10')).json().views).toBe(3);
  });

  it('counts twenty clients reading at once as twenty views, and every answer is whole', async () => {
    const id = await createPost({ title: 'قراءات متزامنة', describtion: 'نص' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => read(id, `203.0.113.${index + 1}`)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().views).toBeGreaterThanOrEqual(1);
    }
    expect((await read(id, '203.0.113.1')).json().views).toBe(20);
  });

  it('sees a staff edit, a counterpart published later and an unpublished post at the next read', async () => {
    const translation = await createPost({ title: 'Reporting guide', describtion: 'Text', language: 'en', state: 'draft' });
    const id = await createPost({ title: 'دليل قديم', describtion: 'نص', translationOf: translation });
    expect((await read(id)).json()).toMatchObject({ title: 'دليل قديم', translationOf: null });

    const edited = await app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: bearer(token), payload: { type: 'Guide', language: 'ar', title: 'دليل جديد', describtion: 'نص' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read(id)).json().title).toBe('دليل جديد');

    const published = await app.inject({ method: 'PUT', url: `/api/posts/${translation}`, headers: bearer(token), payload: { type: 'Guide', language: 'en', title: 'Reporting guide', describtion: 'Text', state: 'published' } });
    expect(published.statusCode, published.body).toBe(200);
    expect((await read(id)).json().translationOf).toBe(translation);

    const unpublished = await app.inject({ method: 'PUT', url: `/api/posts/${id}`, headers: bearer(token), payload: { type: 'Guide', language: 'ar', title: 'دليل جديد', describtion: 'نص', state: 'draft' } });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const gone = await read(id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors[0]).toMatchObject({ messageEn: 'Post not found', field: 'id' });
    expect(gone.json().errors[0].messageAr).toBeTruthy();
  });

  it('of a very long text gets it whole each time, read afresh rather than kept', async () => {
    const long = 'نص '.repeat(12_000);
    const id = await createPost({ title: 'نص طويل جداً', describtion: long });
    const short = await createPost({ title: 'نص قصير', describtion: 'نص' });
    // The first reads count this client's views (each count drops the post's answer).
    for (const post of [id, short]) expect((await read(post, '198.51.100.40')).statusCode).toBe(200);
    const reads = vi.spyOn(app.repositories.posts, 'visibleById');
    try {
      for (let i = 0; i < 2; i++) {
        expect((await read(id, '198.51.100.40')).json().describtion).toBe(long);
        expect((await read(short, '198.51.100.40')).statusCode).toBe(200);
      }
      expect(reads.mock.calls.filter(([asked]) => asked === id)).toHaveLength(2);
      expect(reads.mock.calls.filter(([asked]) => asked === short)).toHaveLength(0);
    } finally {
      reads.mockRestore();
    }
  });

  it('with a forged token gets the visitor\'s answer marked private, no-store, as before', async () => {
    const id = await createPost({ title: 'رمز مزوّر', describtion: 'نص' });
    const plain = await read(id, '198.51.100.30');
    const forged = await read(id, '198.51.100.30', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toBe(plain.body);
    expect(forged.headers['cache-control']).toBe('private, no-store');
    expect(forged.headers.etag).toBeUndefined();
    expect(forged.json()).not.toHaveProperty('author');
  });
});

describe('the post read on its prepared statement', () => {
  it('never shows a change a transaction still holds: it waits, and sees the rollback', async () => {
    const id = await createPost({ title: 'عنوان محفوظ', describtion: 'نص' });
    let readDuring: Promise<unknown> | undefined;
    await expect(app.db.transaction().execute(async (trx) => {
      await trx.updateTable('posts').set({ title: 'عنوان لم يُحفظ' }).where('id', '=', id).execute();
      readDuring = app.repositories.posts.visibleById(id);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await readDuring).toMatchObject({ _id: id, title: 'عنوان محفوظ' });
    expect((await read(id)).json().title).toBe('عنوان محفوظ');
  });
});
