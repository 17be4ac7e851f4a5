// The bare reference for scripts/bench-api.ts: a minimal Fastify + better-sqlite3 route that
// reads the same page of 9 posts from the same database file with one prepared statement.
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const file = process.env.BENCH_DB;
const port = Number(process.env.PORT || 0);
if (!file) throw new Error('BENCH_DB is required');

const db = new SQLite(file, { readonly: true });
const page = db.prepare(
  "SELECT id AS _id, title, description AS describtion, image, created_at AS createdAt FROM posts WHERE type = ? AND language = ? AND state = 'published' ORDER BY created_at DESC LIMIT 9",
);
const app = Fastify({ logger: false });
app.get('/reference/:type/:language', async (request) => {
  const { type, language } = request.params as { type: string; language: string };
  return { posts: page.all(type, language) };
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
