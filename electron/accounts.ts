// Staff account recovery from the kiosk's setup screen (Ctrl+Shift+S), in host mode only: the same
// as `npm run users`, on the data folder, whether the built-in server (a process of its own) runs or
// not: SQLite's WAL lets both use the database, and the server reads the account on every request,
// so a change takes effect at once. It asks for no login on purpose: it is reachable only on this computer, by
// whoever can open the app under this operating-system account, which already owns the data folder.
// Nothing here comes from 'electron': kiosk.ts registers these handlers with ipcMain, and a
// browser test drives the setup page's script against them without Electron.
import path from 'node:path';
import { AccountRecovery, machineActor, openForRecovery, RecoveryError } from '../src/modules/users/recovery';
import type { User } from '../src/modules/users/schema';
import { readSettings } from './settings';

/** The part of Electron's IpcMainInvokeEvent used here: which page called. */
export interface SenderEvent { senderFrame: { url: string } | null }

export interface AccountHandlersOptions {
  userData: string;
  /** The host-mode data folder (DATA_DIR of the built-in server). */
  dataDir: string;
  /** True only for the kiosk's own data: pages, never a web site in the window. */
  fromLocalPage(event: SenderEvent): boolean;
}

/** What the screen shows of an account. */
export interface AccountSummary { email: string; name: string; role: User['role']; active: boolean; mustChangePassword: boolean }

type Answer<T> = T | { error: string };

const summary = (user: User): AccountSummary => ({ email: user.email, name: user.name, role: user.role, active: user.active, mustChangePassword: user.mustChangePassword });

/** The handlers of the kiosk:accounts-* channels, each answering { error } or its result. */
export function accountHandlers(options: AccountHandlersOptions) {
  async function withRecovery<T>(event: SenderEvent, work: (recovery: AccountRecovery) => Promise<T>): Promise<Answer<T>> {
    if (!options.fromLocalPage(event)) return { error: 'not allowed' };
    if (readSettings(options.userData)?.mode !== 'host') {
      return { error: 'Accounts are managed here only when this computer keeps the site (host mode). · تُدار الحسابات هنا فقط عندما يحتفظ هذا الحاسوب بالموقع.' };
    }
    const actor = machineActor('desktop app');
    try {
      const handle = await openForRecovery({ databaseFile: path.join(options.dataDir, 'site.db'), backupsDir: path.join(options.dataDir, 'backups') });
      try {
        return await work(new AccountRecovery(handle.db, actor));
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (error instanceof RecoveryError) return { error: `${error.bilingual.en} · ${error.bilingual.ar}` };
      throw error;
    }
  }

  const emailFrom = (value: unknown) => (typeof value === 'string' ? value : '');

  return {
    'kiosk:accounts-list': (event: SenderEvent) => withRecovery(event, async (recovery) => ({ accounts: (await recovery.list()).map(summary) })),
    'kiosk:accounts-reset': (event: SenderEvent, email: unknown) => withRecovery(event, async (recovery) => {
      const issued = await recovery.resetPassword(emailFrom(email));
      return { account: summary(issued.user), password: issued.password };
    }),
    'kiosk:accounts-create-admin': (event: SenderEvent, email: unknown) => withRecovery(event, async (recovery) => {
      const issued = await recovery.createAdmin(emailFrom(email));
      return { account: summary(issued.user), password: issued.password, created: issued.created };
    }),
  };
}
