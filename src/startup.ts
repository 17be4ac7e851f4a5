// Work done once at start, after migrations and before the server answers.
import type { FastifyInstance } from 'fastify';
import { scheduleDailyBackups } from './backup/daily';
import { ensureFirstAdmin } from './modules/users/bootstrap';
import { UsersRepository } from './modules/users/repository';

export async function runStartupTasks(app: FastifyInstance): Promise<void> {
  await ensureFirstAdmin(new UsersRepository(app.db), app.config, app.log);
  scheduleDailyBackups(app);
}
