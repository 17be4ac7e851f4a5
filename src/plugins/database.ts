// Shares the open database: with the repositories (modules/repositories.ts) and the two readers
// that span every table (uploads/references.ts, the demo seed's emptiness check); the raw
// connection serves backups, pragmas, the health check and the token check of plugins/auth.ts.
import fp from 'fastify-plugin';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    sqlite: SQLite.Database;
  }
}

export default fp<{ handle: DatabaseHandle }>(async (app, { handle }) => {
  app.decorate('db', handle.db);
  app.decorate('sqlite', handle.sqlite);
  // The database closes after the server has stopped taking requests.
  app.addHook('onClose', async () => {
    await handle.close();
  });
}, { name: 'database' });
