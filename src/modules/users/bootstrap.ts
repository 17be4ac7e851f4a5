// docs/api-contract.md: with no user in the database, create an admin from ADMIN_EMAIL/ADMIN_PASSWORD,
// or admin@example.org with a random password printed once.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { hashPassword } from './password';
import type { UsersRepository } from './repository';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.org';

export async function ensureFirstAdmin(users: UsersRepository, config: Config, log: FastifyBaseLogger): Promise<void> {
  if ((await users.count()) > 0) return;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await users.create({ name: 'Administrator', email, passwordHash: await hashPassword(password), isAdmin: true, isAuthor: true });
  if (config.adminPassword) {
    log.info({ email }, 'created the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD');
  } else {
    // Printed once on purpose, on the console rather than the log file, so it can be copied.
    console.log(`\n  First administrator created: ${email}\n  Password (shown only this once): ${password}\n`);
  }
}
