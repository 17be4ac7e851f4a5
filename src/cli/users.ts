// `users list | reset-password <email> | create-admin <email>`: account recovery on the machine that
// keeps the data, for when no one can log in. Safe while the server runs. DATA_DIR says which data
// (default ./data), as for backup and restore.
import { dataLocation } from '../config';
import { AccountRecovery, machineActor, openForRecovery, RecoveryError, type IssuedPassword } from '../modules/users/recovery';
import type { User } from '../modules/users/schema';
import { commandName } from './command-name';

function usage(): string {
  const run = commandName('users');
  const pad = ' '.repeat(run.length);
  return `usage (DATA_DIR=... chooses the data, default ./data; safe while the server runs):
  ${run} list                      every account: e-mail, role, state
  ${run} reset-password <email>    prints a one-time password; a new one must be chosen at the next login
  ${run} create-admin <email>      makes <email> an active administrator (creating the account if needed)
  ${pad}                           and prints a one-time password; with ADMIN_PASSWORD=... that password
  ${pad}                           is used instead and kept`;
}

function table(users: User[]): string {
  const rows = users.map((user) => [
    user.email, user.name, user.role ?? 'no role', user.active ? 'active' : 'DISABLED', user.mustChangePassword ? 'must change password' : '',
  ]);
  const header = ['e-mail', 'name', 'role', 'state', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

function handOver(issued: IssuedPassword, what: string): void {
  console.log(`${what}: ${issued.user.email} (${issued.user.role ?? 'no role'})`);
  if (issued.mustChange) {
    console.log(`\n  One-time password:  ${issued.password}\n`);
    console.log('They must choose a new password when they log in. This password is not shown again.');
  } else {
    console.log('The password is the one given in ADMIN_PASSWORD.');
  }
  console.log('Every earlier session of this account has ended.');
  if (!issued.user.active) console.log('Note: this account is DISABLED and cannot log in until an administrator enables it (or use create-admin).');
}

async function run(command: string | undefined, email: string | undefined): Promise<number> {
  const known = ['list', 'reset-password', 'create-admin'];
  if (!command || command === '--help' || !known.includes(command) || (command !== 'list' && !email)) {
    console.error(usage());
    return command === '--help' ? 0 : 2;
  }
  const handle = await openForRecovery(dataLocation());
  try {
    const recovery = new AccountRecovery(handle.db, machineActor('command line'));
    if (command === 'list') {
      const users = await recovery.list();
      console.log(users.length > 0 ? table(users) : 'There are no accounts yet: the server creates the first administrator when it starts.');
    } else if (command === 'reset-password') {
      handOver(await recovery.resetPassword(email!), 'Password reset');
    } else {
      const issued = await recovery.createAdmin(email!, process.env.ADMIN_PASSWORD || undefined);
      handOver(issued, issued.created ? 'Administrator created' : 'Existing account made an active administrator');
    }
    return 0;
  } finally {
    await handle.close();
  }
}

/** Exit code: 0 done, 1 refused or failed, 2 wrong usage. */
export async function usersCommand(args: string[]): Promise<number> {
  try {
    return await run(args[0], args[1]);
  } catch (error) {
    console.error(error instanceof RecoveryError ? error.message : `users failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
