// Account recovery at the machine itself, for when no one can log in: list the accounts, reset a
// password to a one-time one, make an administrator. Used by `npm run users` and by the desktop
// app's setup screen. Whoever can run these already controls the data folder, so they ask for no
// login; every change is written to the audit log under where it was made.
import { existsSync } from 'node:fs';
import os from 'node:os';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../db/connection';
import { migrateToLatest } from '../../db/migrator';
import type { Database } from '../../db/schema';
import type { BilingualMessage } from '../../errors';
import { validatorCompiler } from '../../plugins/validation';
import { AuditRepository, changedFields, type AuditActor } from '../audit/repository';
import { generateOneTimePassword, hashPassword } from './password';
import { UsersRepository } from './repository';
import { EmailSchema, PasswordSchema, type User } from './schema';

/** A refusal the person at the machine can act on, in English and Arabic. */
export class RecoveryError extends Error {
  constructor(readonly bilingual: BilingualMessage) {
    super(bilingual.en);
  }
}

/** How the audit log names someone acting at the machine, e.g. "command line on office-pc (ali)". */
export function machineActor(where: 'command line' | 'desktop app'): AuditActor {
  let account = '';
  try {
    account = os.userInfo().username;
  } catch {
    // No user name on some containers: the host name alone still says where it happened.
  }
  return { id: null, email: `${where} on ${os.hostname()}${account ? ` (${account})` : ''}` };
}

const validEmail = validatorCompiler({ schema: EmailSchema, method: 'POST', url: '', httpPart: 'body' });
const validPassword = validatorCompiler({ schema: PasswordSchema, method: 'POST', url: '', httpPart: 'body' });

function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!validEmail(trimmed)) {
    throw new RecoveryError({ en: `"${email}" is not a valid e-mail address of at most 32 characters`, ar: `"${email}" ليس بريداً إلكترونياً صالحاً من 32 حرفاً على الأكثر` });
  }
  return trimmed;
}

export interface IssuedPassword {
  user: User;
  /** The password to hand over; shown once, never stored. */
  password: string;
  /** True when the user must choose another one at the next login. */
  mustChange: boolean;
}

export class AccountRecovery {
  private readonly users: UsersRepository;
  private readonly audit: AuditRepository;

  constructor(db: Kysely<Database>, private readonly actor: AuditActor) {
    this.users = new UsersRepository(db);
    this.audit = new AuditRepository(db);
  }

  list(): Promise<User[]> {
    return this.users.list();
  }

  /** A one-time password for `email`, to be changed at the next login; every session of the account ends. */
  async resetPassword(email: string): Promise<IssuedPassword> {
    const row = await this.users.findByEmail(checkEmail(email));
    if (!row) throw new RecoveryError({ en: `No account has the e-mail ${email.trim()}`, ar: `لا يوجد حساب بالبريد الإلكتروني ${email.trim()}` });
    const password = generateOneTimePassword();
    await this.users.setPassword(row.id, await hashPassword(password), true);
    await this.audit.record(this.actor, 'update', 'user', row.id, {
      password: { to: `reset at the machine (${this.actor.email})` }, mustChangePassword: { from: row.must_change_password === 1, to: true },
    }, row.name);
    const user = await this.users.findUser(row.id);
    return { user: user!, password, mustChange: true };
  }

  /**
   * Makes `email` an active administrator, creating the account if needed. Without `chosenPassword`
   * a one-time password is generated and must be changed at the next login; a chosen one is kept.
   */
  async createAdmin(email: string, chosenPassword?: string): Promise<IssuedPassword & { created: boolean }> {
    const address = checkEmail(email);
    if (chosenPassword !== undefined && !validPassword(chosenPassword)) {
      throw new RecoveryError({ en: 'The password must be 8 to 32 characters', ar: 'يجب أن تكون كلمة المرور من 8 إلى 32 حرفاً' });
    }
    const password = chosenPassword ?? generateOneTimePassword();
    const mustChange = chosenPassword === undefined;
    const result = await this.users.makeAdmin(address, 'Administrator', await hashPassword(password), mustChange);
    const account = (user: User) => ({ name: user.name, email: user.email, role: user.role, active: user.active });
    if (result.created) {
      await this.audit.record(this.actor, 'create', 'user', result.after._id, { ...changedFields({}, account(result.after)), password: { to: 'set at the machine' } }, result.after.name);
    } else {
      await this.audit.record(this.actor, 'update', 'user', result.after._id, {
        ...changedFields(account(result.before!), account(result.after)), password: { to: `reset at the machine (${this.actor.email})` },
      }, result.after.name);
    }
    return { user: result.after, password, mustChange, created: result.created };
  }
}

/**
 * Opens DATA_DIR's database for recovery, next to a running server (WAL lets both work; the
 * server reads the user on every request, so a change here takes effect at once). Refuses when
 * there is no database: an empty site made in the wrong folder would help no one.
 */
export async function openForRecovery(location: { databaseFile: string; backupsDir: string }): Promise<DatabaseHandle> {
  if (!existsSync(location.databaseFile)) {
    throw new RecoveryError({
      en: `There is no site database at ${location.databaseFile}. Set DATA_DIR to the folder that holds site.db.`,
      ar: `لا توجد قاعدة بيانات للموقع في ${location.databaseFile}. اضبط DATA_DIR على المجلد الذي يحتوي site.db.`,
    });
  }
  const handle = openDatabase(location.databaseFile);
  try {
    await migrateToLatest(handle, location.backupsDir);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
