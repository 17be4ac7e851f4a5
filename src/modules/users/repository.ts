import type { Kysely, Selectable } from 'kysely';
import { immediateTransaction } from '../../db/immediate-transaction';
import type { Database, UsersTable } from '../../db/schema';
import type { UserRole } from '@shared/domain';
import { newId, nowIso } from '@shared/ids';
import type { User } from './schema';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  isAdmin: boolean;
  isAuthor: boolean;
  mustChangePassword?: boolean;
}

/** What an administrator may change on someone's account. */
export interface AccountChanges {
  name?: string;
  email?: string;
  role?: UserRole;
  active?: boolean;
}

/** Why a guarded change was not made; the routes turn each into its bilingual answer. */
export type Refusal = 'notFound' | 'lastAdmin' | 'actorNotAdmin' | 'emailTaken';

type UserRow = Selectable<UsersTable>;

export function roleOf(row: Pick<UserRow, 'is_admin' | 'is_author'>): UserRole | null {
  if (row.is_admin === 1) return 'admin';
  return row.is_author === 1 ? 'author' : null;
}

function flagsOf(role: UserRole): Pick<UserRow, 'is_admin' | 'is_author'> {
  return role === 'admin' ? { is_admin: 1, is_author: 1 } : { is_admin: 0, is_author: 1 };
}

export function toUser(row: UserRow, postCount = 0): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.is_admin === 1,
    isAuthor: row.is_author === 1,
    role: roleOf(row),
    active: row.active === 1,
    mustChangePassword: row.must_change_password === 1,
    postCount,
    createdAt: row.created_at,
  };
}

/** Emails are compared without case: Admin@x.org and admin@x.org are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True when an insert or update hit the unique index on emails (two requests racing for one address). */
export function isDuplicateEmail(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && /users\.email/.test(e.message ?? '');
}

const isActiveAdmin = (row: Pick<UserRow, 'is_admin' | 'active'>) => row.is_admin === 1 && row.active === 1;

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async count(): Promise<number> {
    const { n } = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Every user, newest first, with the number of posts each wrote (one query). */
  async list(): Promise<User[]> {
    const rows = await this.withPostCount(this.db).orderBy('created_at', 'desc').execute();
    return rows.map(({ post_count, ...row }) => toUser(row, Number(post_count)));
  }

  async findUser(id: string): Promise<User | undefined> {
    return this.findUserIn(this.db, id);
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(user: NewUser): Promise<User> {
    const row: UserRow = {
      id: newId(),
      name: user.name.trim(),
      email: normalizeEmail(user.email),
      password_hash: user.passwordHash,
      is_admin: user.isAdmin ? 1 : 0,
      is_author: user.isAuthor ? 1 : 0,
      created_at: nowIso(),
      active: 1,
      must_change_password: user.mustChangePassword ? 1 : 0,
      token_version: 0,
    };
    await this.db.insertInto('users').values(row).execute();
    return toUser(row);
  }

  /**
   * An administrator's change to an account, checked and written in one immediate transaction so
   * that parallel requests cannot together remove the last active admin (each one alone would
   * leave one). The actor must still be an active admin when the transaction starts: a request
   * from an admin demoted a moment earlier is refused. Disabling raises the token version, so
   * tokens issued before stay dead even after the account is enabled again.
   */
  async updateAsAdmin(actorId: string, id: string, changes: AccountChanges): Promise<{ before: User; after: User } | { refused: Refusal }> {
    return immediateTransaction(this.db, async (trx) => {
      const refusal = await this.checkActor(trx, actorId);
      if (refusal) return { refused: refusal };
      const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return { refused: 'notFound' as const };
      const next: UserRow = {
        ...row,
        ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
        ...(changes.email !== undefined ? { email: normalizeEmail(changes.email) } : {}),
        ...(changes.role !== undefined ? flagsOf(changes.role) : {}),
        ...(changes.active !== undefined ? { active: changes.active ? 1 : 0 } : {}),
      };
      if (isActiveAdmin(row) && !isActiveAdmin(next) && (await this.otherActiveAdmins(trx, id)) === 0) return { refused: 'lastAdmin' as const };
      if (next.email !== row.email) {
        const taken = await trx.selectFrom('users').select('id').where('email', '=', next.email).where('id', '!=', id).executeTakeFirst();
        if (taken) return { refused: 'emailTaken' as const };
      }
      if (row.active === 1 && next.active === 0) next.token_version = row.token_version + 1;
      await trx.updateTable('users').set({
        name: next.name, email: next.email, is_admin: next.is_admin, is_author: next.is_author, active: next.active, token_version: next.token_version,
      }).where('id', '=', id).execute();
      const postCount = await this.postCountIn(trx, id);
      return { before: toUser(row, postCount), after: toUser(next, postCount) };
    });
  }

  /** Deletes an account unless it is the last active admin (same transaction rule as updateAsAdmin). */
  async deleteAsAdmin(actorId: string, id: string): Promise<{ before: User } | { refused: Refusal }> {
    return immediateTransaction(this.db, async (trx) => {
      const refusal = await this.checkActor(trx, actorId);
      if (refusal) return { refused: refusal };
      const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return { refused: 'notFound' as const };
      if (isActiveAdmin(row) && (await this.otherActiveAdmins(trx, id)) === 0) return { refused: 'lastAdmin' as const };
      const postCount = await this.postCountIn(trx, id);
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return { before: toUser(row, postCount) };
    });
  }

  /**
   * A new password hash; every token of the user stops working (the version goes up). With
   * mustChange the user has to choose another password before any other staff call.
   */
  async setPassword(id: string, passwordHash: string, mustChange: boolean): Promise<boolean> {
    const result = await this.db.updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Recovery at the machine: makes `email` an active admin with this password, creating the
   * account when it does not exist. An existing account keeps its name and posts; its old
   * sessions end.
   */
  async makeAdmin(email: string, name: string, passwordHash: string, mustChange: boolean): Promise<{ created: boolean; before: User | null; after: User }> {
    return immediateTransaction(this.db, async (trx) => {
      const row = await trx.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
      if (!row) {
        const created = await new UsersRepository(trx).create({ name, email, passwordHash, isAdmin: true, isAuthor: true, mustChangePassword: mustChange });
        return { created: true, before: null, after: created };
      }
      const next: UserRow = { ...row, is_admin: 1, is_author: 1, active: 1, password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, token_version: row.token_version + 1 };
      await trx.updateTable('users').set({
        is_admin: 1, is_author: 1, active: 1, password_hash: passwordHash, must_change_password: next.must_change_password, token_version: next.token_version,
      }).where('id', '=', row.id).execute();
      const postCount = await this.postCountIn(trx, row.id);
      return { created: false, before: toUser(row, postCount), after: toUser(next, postCount) };
    });
  }

  private withPostCount(db: Kysely<Database>) {
    return db.selectFrom('users').selectAll('users').select((eb) => eb.selectFrom('posts')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('posts.author_id', '=', 'users.id')
      .as('post_count'));
  }

  private async findUserIn(db: Kysely<Database>, id: string): Promise<User | undefined> {
    const found = await this.withPostCount(db).where('users.id', '=', id).executeTakeFirst();
    if (!found) return undefined;
    const { post_count, ...row } = found;
    return toUser(row, Number(post_count));
  }

  private async postCountIn(db: Kysely<Database>, id: string): Promise<number> {
    const { n } = await db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('author_id', '=', id).executeTakeFirstOrThrow();
    return Number(n);
  }

  private async otherActiveAdmins(db: Kysely<Database>, id: string): Promise<number> {
    const { n } = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_admin', '=', 1).where('active', '=', 1).where('id', '!=', id)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  private async checkActor(db: Kysely<Database>, actorId: string): Promise<Refusal | null> {
    const actor = await db.selectFrom('users').select(['is_admin', 'active', 'must_change_password']).where('id', '=', actorId).executeTakeFirst();
    return actor && isActiveAdmin(actor) && actor.must_change_password === 0 ? null : 'actorNotAdmin';
  }
}
