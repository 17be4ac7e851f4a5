// Shares the open database with every module. Repositories are the only users of it.
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
