import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, bearer, createAuthor, createTestApp, errorOf, login, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let adminToken: string;
let authorA: { token: string; id: string };
let authorB: { token: string; id: string };

const validPost = { title: 'Labour trafficking in Basra', describtion: 'What the law says.', language: 'en', type: 'Iraq' };

async function createPost(token: string, payload: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { ...validPost, ...payload } });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  authorA = await createAuthor(ctx.app, adminToken, 'a@example.org');
  authorB = await createAuthor(ctx.app, adminToken, 'b@example.org');
});
afterAll(async () => ctx.cleanup());

describe('POST /api/posts', () => {
  it('creates a published post with defaults and answers 201 with the full shape', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(authorA.token), payload: { ...validPost, title: '  Padded title  ' } });
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(Object.keys(post).sort()).toEqual(['_id', 'author', 'authorName', 'createdAt', 'describtion', 'image', 'imageAlt', 'language', 'pdf', 'pictures', 'picturesAlt', 'publishAt', 'state', 'title', 'translationOf', 'type', 'updatedAt', 'video', 'views'].sort());
    expect(post).toMatchObject({ title: 'Padded title', describtion: 'What the law says.', image: '', imageAlt: null, pictures: [], picturesAlt: [], video: '', pdf: '', state: 'published', publishAt: null, translationOf: null, views: 0, author: authorA.id, authorName: 'a', language: 'en', type: 'Iraq' });
    expect(post._id).toMatch(/^[a-f0-9]{24}$/);
    expect(post.createdAt).toBe(post.updatedAt);
  });

  it('keeps every field given, including files, a draft state and the six types', async () => {
    for (const type of ['International', 'Iraq', 'Training', 'Guide', 'Form', 'Flyer And Brochure']) {
      const post = await createPost(authorA.token, {
        type, language: 'ar', state: 'draft', video: 'dQw4w9WgXcQ', image: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png',
        pdf: '/uploads/bbbbbbbbbbbbbbbbbbbbbbbb.pdf', pictures: ['/uploads/cccccccccccccccccccccccc.webp', '/uploads/dddddddddddddddddddddddd.jpg'],
      });
      expect(post).toMatchObject({ type, language: 'ar', state: 'draft', video: 'dQw4w9WgXcQ', image: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.png', pdf: '/uploads/bbbbbbbbbbbbbbbbbbbbbbbb.pdf' });
      expect(post.pictures).toHaveLength(2);
    }
  });

  it('stores HTML and SQL-like text verbatim', async () => {
    const title = `<script>alert(1)</script> '; DROP TABLE posts; --`;
    const describtion = `<img src=x onerror=alert(1)> " OR 1=1 -- الاتجار`;
    const post = await createPost(authorA.token, { title, describtion });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/posts/${post._id}` });
    expect(read.json()).toMatchObject({ title, describtion });
  });

  it.each([
    [{ describtion: 'x', language: 'en', type: 'Iraq' }, 'title'],
    [{ ...validPost, title: '   ' }, 'title'],
    [{ ...validPost, title: 't'.repeat(151) }, 'title'],
    [{ ...validPost, title: 42 }, 'title'],
    [{ title: 'x', language: 'en', type: 'Iraq' }, 'describtion'],
    [{ ...validPost, describtion: '' }, 'describtion'],
    [{ ...validPost, language: 'fr' }, 'language'],
    [{ ...validPost, language: undefined }, 'language'],
    [{ ...validPost, type: 'Blog' }, 'type'],
    [{ ...validPost, type: 'iraq' }, 'type'],
    [{ ...validPost, state: 'archived' }, 'state'],
    [{ ...validPost, image: 'https://evil.example/x.png' }, 'image'],
    [{ ...validPost, image: '/uploads/../../etc/passwd' }, 'image'],
    [{ ...validPost, pdf: 'file.pdf' }, 'pdf'],
    [{ ...validPost, pictures: '/uploads/a.png' }, 'pictures'],
    [{ ...validPost, pictures: ['javascript:alert(1)'] }, 'pictures.0'],
    [{ ...validPost, pictures: Array.from({ length: 21 }, (_, i) => `/uploads/p${i}.png`) }, 'pictures'],
    [{ ...validPost, video: 'v'.repeat(201) }, 'video'],
    [{ ...validPost, views: 1000 }, 'views'],
    [{ ...validPost, author: 'someone' }, 'author'],
  ])('refuses %j with 400 on field %s', async (payload, field) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(authorA.token), payload });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('accepts exactly 150 title characters and 20 pictures', async () => {
    const post = await createPost(authorA.token, { title: 't'.repeat(150), pictures: Array.from({ length: 20 }, (_, i) => `/uploads/p${i}.png`) });
    expect(post.title).toHaveLength(150);
    expect(post.pictures).toHaveLength(20);
  });

  it('refuses malformed JSON and a plain-text body with 400', async () => {
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: { ...bearer(authorA.token), 'content-type': 'application/json' }, payload: '{"title":' });
    expect(malformed.statusCode).toBe(400);
    errorOf(malformed.body);
    const text = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: { ...bearer(authorA.token), 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(400);
    errorOf(text.body);
  });

  it('needs a valid token: 401 without, forged or expired; 403 for a user who is not an author', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/posts', payload: validPost })).statusCode).toBe(401);
    // The token is checked before the body: an anonymous caller learns nothing about validation.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/posts', payload: {} })).statusCode).toBe(401);
    const [header, payload] = authorA.token.split('.');
    const forged = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(`${header}.${payload}.${'A'.repeat(43)}`), payload: validPost });
    expect(forged.statusCode).toBe(401);
    errorOf(forged.body);
    const expired = ctx.app.jwt.sign({ sub: authorA.id }, { expiresIn: -10 } as never);
    const expiredAnswer = await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(expired), payload: validPost });
    expect(expiredAnswer.statusCode).toBe(401);
    expect(errorOf(expiredAnswer.body).messageEn).toMatch(/expired/);

    const reader = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload: { name: 'Reader', email: 'reader@example.org', password: 'reader-password-1', isAuthor: false } });
    expect(reader.statusCode).toBe(201);
    const readerToken = await login(ctx.app, 'reader@example.org', 'reader-password-1');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/posts', headers: bearer(readerToken), payload: validPost })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/posts/author', headers: bearer(readerToken) })).statusCode).toBe(403);
  });
});

describe('GET /api/posts/:id', () => {
  it('answers a published post to anyone and counts a public view once a day per client', async () => {
    const post = await createPost(authorA.token);
    const read = (remoteAddress: string, userAgent = 'Reader/1.0', headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `/api/posts/${post._id}`, remoteAddress, headers: { 'user-agent': userAgent, ...headers } });
    const first = await read('198.51.100.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ _id: post._id, views: 1 });
    // The attack: one client reloading the page to push a post up does not add views.
    for (let i = 0; i < 20; i++) expect((await read('198.51.100.1')).json().views).toBe(1);
    // Another client (another address, or another browser behind the same address) does.
    expect((await read('198.51.100.2')).json().views).toBe(2);
    expect((await read('198.51.100.1', 'OtherBrowser/2.0')).json().views).toBe(3);
    // The same client reading another post counts for that post.
    const other = await createPost(authorA.token);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${other._id}`, remoteAddress: '198.51.100.1', headers: { 'user-agent': 'Reader/1.0' } })).json().views).toBe(1);
    // The author previewing their own post does not count as a view.
    expect((await read('198.51.100.9', 'Author/1.0', bearer(authorA.token))).json().views).toBe(3);
  });

  it('shows a draft only to its author and admins; 404 for the public, another author and bad tokens', async () => {
    const draft = await createPost(authorA.token, { state: 'draft' });
    const url = `/api/posts/${draft._id}`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(authorA.token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(adminToken) })).statusCode).toBe(200);
    for (const headers of [{}, bearer(authorB.token), bearer('forged.token.value')]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(404);
      errorOf(response.body);
    }
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(authorA.token) })).json().views).toBe(0);
  });

  it('never tells the public who wrote a post: no author or authorName without a staff token', async () => {
    const post = await createPost(authorA.token, { title: 'Staff names stay inside', describtion: 'unmistakablekeyword' });
    const publicAnswers = [
      (await ctx.app.inject({ method: 'GET', url: `/api/posts/${post._id}` })).json(),
      (await ctx.app.inject({ method: 'GET', url: `/api/posts/${post._id}`, headers: bearer('forged.token.value') })).json(),
      ...(await ctx.app.inject({ method: 'GET', url: `/api/posts/${post.type}/${post.language}` })).json().posts,
      ...(await ctx.app.inject({ method: 'GET', url: '/api/posts/s?keyword=unmistakablekeyword' })).json().posts,
    ];
    expect(publicAnswers.length).toBeGreaterThanOrEqual(4);
    for (const answer of publicAnswers) {
      expect(answer).not.toHaveProperty('author');
      expect(answer).not.toHaveProperty('authorName');
    }
    expect(JSON.stringify(publicAnswers)).not.toContain(authorA.id);
    // Staff keep them: another author, an admin, and the owner.
    for (const token of [authorB.token, adminToken, authorA.token]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${post._id}`, headers: bearer(token) })).json()).toMatchObject({ author: authorA.id, authorName: 'a' });
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/posts/ffffffffffffffffffffffff' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.body).messageAr).toBe('المنشور غير موجود');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${encodeURIComponent("1' OR '1'='1")}` })).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /api/posts/:id', () => {
  it('lets the author change their post, records it in the audit log, and refuses another author with 403', async () => {
    const post = await createPost(authorA.token);
    const changed = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${post._id}`, headers: bearer(authorA.token), payload: { ...validPost, title: 'New title', state: 'draft' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ _id: post._id, title: 'New title', state: 'draft', author: authorA.id, createdAt: post.createdAt });

    const other = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${post._id}`, headers: bearer(authorB.token), payload: validPost });
    expect(other.statusCode).toBe(403);
    expect(errorOf(other.body).messageEn).toBe('You can only change your own posts');
    const otherDelete = await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(authorB.token) });
    expect(otherDelete.statusCode).toBe(403);

    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(adminToken) })).json();
    const entry = audit.entries.find((e: { entityId: string; action: string }) => e.entityId === post._id && e.action === 'update');
    expect(entry).toMatchObject({ entity: 'post', userEmail: 'a@example.org', changes: { title: { from: validPost.title, to: 'New title' }, state: { from: 'published', to: 'draft' } } });
  });

  it('keeps a draft a draft when the body has no state, and publishes it when asked', async () => {
    const draft = await createPost(authorA.token, { state: 'draft' });
    const url = `/api/posts/${draft._id}`;
    const saved = await ctx.app.inject({ method: 'PUT', url, headers: bearer(authorA.token), payload: { ...validPost, title: 'Still a draft' } });
    expect(saved.json()).toMatchObject({ title: 'Still a draft', state: 'draft' });
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const published = await ctx.app.inject({ method: 'PUT', url, headers: bearer(authorA.token), payload: { ...validPost, state: 'published' } });
    expect(published.json().state).toBe('published');
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('lets an admin change and delete any post', async () => {
    const post = await createPost(authorA.token);
    const changed = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${post._id}`, headers: bearer(adminToken), payload: { ...validPost, title: 'By admin' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'By admin', author: authorA.id });
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(adminToken) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ _id: post._id });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/posts/${post._id}` })).statusCode).toBe(404);
    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(adminToken) })).json();
    expect(audit.entries[0]).toMatchObject({ action: 'delete', entity: 'post', entityId: post._id, userEmail: TEST_ADMIN.email });
  });

  it('lets the author delete their own post; 404 for unknown ids, 400 for malformed ids and bodies, 401 without token', async () => {
    const post = await createPost(authorA.token);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/posts/${post._id}`, payload: validPost })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(authorA.token) })).statusCode).toBe(200);
    for (const method of ['PUT', 'DELETE'] as const) {
      const unknown = await ctx.app.inject({ method, url: '/api/posts/ffffffffffffffffffffffff', headers: bearer(adminToken), payload: method === 'PUT' ? validPost : undefined });
      expect(unknown.statusCode).toBe(404);
      errorOf(unknown.body);
      expect((await ctx.app.inject({ method, url: '/api/posts/bad%20id!', headers: bearer(adminToken), payload: method === 'PUT' ? validPost : undefined })).statusCode).toBe(400);
    }
    const badBody = await ctx.app.inject({ method: 'PUT', url: `/api/posts/${(await createPost(authorA.token))._id}`, headers: bearer(authorA.token), payload: { ...validPost, type: 'Nope' } });
    expect(badBody.statusCode).toBe(400);
    expect(errorOf(badBody.body).field).toBe('type');
  });
});

describe('GET /api/posts/author', () => {
  it("answers the author's own posts (drafts included) newest first, and every post for an admin", async () => {
    const repo = ctx.app.repositories.posts;
    const older = await repo.create({ ...validPost, language: 'en', type: 'Iraq', title: 'B older' }, authorB.id, '2020-01-01T00:00:00.000Z');
    const draft = await createPost(authorB.token, { state: 'draft', title: 'B draft' });
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/posts/author', headers: bearer(authorB.token) })).json();
    expect(mine.map((p: { _id: string }) => p._id)).toEqual([draft._id, older._id]);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/posts/author', headers: bearer(adminToken) });
    expect(all.statusCode).toBe(200);
    const ids = all.json().map((p: { _id: string }) => p._id);
    expect(ids).toContain(draft._id);
    expect(all.json().some((p: { author: string }) => p.author === authorA.id)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/posts/author' })).statusCode).toBe(401);
  });
});
