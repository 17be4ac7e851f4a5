import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { newId, nowIso } from '../../shared/ids';
import type { User } from './schema';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  isAdmin: boolean;
  isAuthor: boolean;
}

export function toUser(row: Selectable<UsersTable>): User {
  return { _id: row.id, name: row.name, email: row.email, isAdmin: row.is_admin === 1, isAuthor: row.is_author === 1, createdAt: row.created_at };
}

/** Emails are compared without case: Admin@x.org and admin@x.org are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async count(): Promise<number> {
    const { n } = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }

  async list(): Promise<User[]> {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('created_at', 'desc').execute();
    return rows.map(toUser);
  }

  findByEmail(email: string): Promise<Selectable<UsersTable> | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  }

  findById(id: string): Promise<Selectable<UsersTable> | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countAdmins(): Promise<number> {
    const { n } = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('is_admin', '=', 1).executeTakeFirstOrThrow();
    return Number(n);
  }

  async create(user: NewUser): Promise<User> {
    const row = {
      id: newId(),
      name: user.name.trim(),
      email: normalizeEmail(user.email),
      password_hash: user.passwordHash,
      is_admin: user.isAdmin ? 1 : 0,
      is_author: user.isAuthor ? 1 : 0,
      created_at: nowIso(),
    };
    await this.db.insertInto('users').values(row).execute();
    return toUser(row);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
