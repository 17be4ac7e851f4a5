// The bare reference for the benchmarks: a minimal Fastify + better-sqlite3 server reading the same
// database file with prepared statements. It answers
// - /reference/:type/:language      a page of 9 posts as JSON (bench:api, bench:pages);
// - /reference/post/:id             one post as JSON (bench:api, beside GET /api/posts/:id);
// - /reference/post-react/:id       the post as a minimal HTML page rendered by React's renderToString
//                                   (React's floor for a server-rendered page);
// - /reference/post-template/:id    the same page as a template string (the floor of any page);
// - /api/health                     200 once it listens (bench:start times its cold start).
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import type * as React from 'react';
import type * as ReactDomServer from 'react-dom/server';

const file = process.env.BENCH_DB;
const port = Number(process.env.PORT || 0);
if (!file) throw new Error('BENCH_DB is required');

const db = new SQLite(file, { readonly: true });
const page = db.prepare(
  "SELECT id AS _id, title, description AS describtion, image, created_at AS createdAt FROM posts WHERE type = ? AND language = ? AND state = 'published' ORDER BY created_at DESC LIMIT 9",
);
const onePost = db.prepare(
  "SELECT id AS _id, title, description AS describtion, image, language, type, created_at AS createdAt FROM posts WHERE id = ? AND state = 'published'",
);
interface PostRow { _id: string; title: string; describtion: string; image: string; language: string; type: string; createdAt: string }

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/reference/:type/:language', async (request) => {
  const { type, language } = request.params as { type: string; language: string };
  return { posts: page.all(type, language) };
});

function postOf(id: string): PostRow | undefined {
  return onePost.get(id) as PostRow | undefined;
}

app.get('/reference/post/:id', async (request, reply) => {
  const post = postOf((request.params as { id: string }).id);
  return post ?? reply.code(404).send({ message: 'not found' });
});

/** React is loaded by the first page that needs it: the reference's start and idle memory stay those of bare Fastify. */
let react: Promise<[typeof React, typeof ReactDomServer]> | undefined;

app.get('/reference/post-react/:id', async (request, reply) => {
  const post = postOf((request.params as { id: string }).id);
  if (!post) return reply.code(404).send('not found');
  const [{ createElement: h }, { renderToString }] = await (react ??= Promise.all([import('react'), import('react-dom/server')]));
  const dir = post.language === 'ar' ? 'rtl' : 'ltr';
  const html = renderToString(h('html', { lang: post.language, dir },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, post.title)),
    h('body', null, h('main', null, h('article', null,
      h('h1', null, post.title),
      h('time', { dateTime: post.createdAt }, post.createdAt),
      h('div', { className: 'prose' }, post.describtion))))));
  return reply.type('text/html; charset=utf-8').send(`<!doctype html>${html}`);
});

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]);

app.get('/reference/post-template/:id', async (request, reply) => {
  const post = postOf((request.params as { id: string }).id);
  if (!post) return reply.code(404).send('not found');
  const dir = post.language === 'ar' ? 'rtl' : 'ltr';
  return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="${post.language}" dir="${dir}"><head><meta charset="utf-8"><title>${escape(post.title)}</title></head>`
    + `<body><main><article><h1>${escape(post.title)}</h1><time datetime="${escape(post.createdAt)}">${escape(post.createdAt)}</time>`
    + `<div class="prose">${escape(post.describtion)}</div></article></main></body></html>`);
});

await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
