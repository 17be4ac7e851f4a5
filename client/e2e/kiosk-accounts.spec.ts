// The kiosk's setup screen (Ctrl+Shift+S) in Chromium, its account recovery wired to the real
// handlers of electron/accounts.ts on a real data folder: the page's own script is what runs in
// the desktop app, so a mistake in it would otherwise show only there. Only window.kiosk's
// bridge (preload.ts) is replaced, by a binding that passes the page's real address as the sender.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { accountHandlers } from '../../electron/accounts';
import { setupPage } from '../../electron/pages';
import { writeSettings } from '../../electron/settings';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrator';
import { verifyPassword } from '../../src/modules/users/password';
import { AccountRecovery, machineActor } from '../../src/modules/users/recovery';
import { UsersRepository } from '../../src/modules/users/repository';

test('the setup screen lists accounts, resets a password and makes an admin, and passes axe', async ({ page }) => {
  const userData = mkdtempSync(path.join(tmpdir(), 'kiosk-page-'));
  const dataDir = path.join(userData, 'data');
  try {
    writeSettings(userData, { mode: 'host', lan: false, port: 3000 });
    mkdirSync(dataDir, { recursive: true });
    const db = openDatabase(path.join(dataDir, 'site.db'));
    await migrateToLatest(db, path.join(dataDir, 'backups'));
    await new AccountRecovery(db.db, machineActor('command line')).createAdmin('boss@example.org', 'boss-password-1');
    // A name is typed by staff: the page must show it as text, never run it.
    await new UsersRepository(db.db).create({ name: '<img src=x onerror=alert(1)>', email: 'odd@example.org', passwordHash: 'x', isAdmin: false, isAuthor: true });
    await db.close();

    const handlers = accountHandlers({ userData, dataDir, fromLocalPage: (event) => (event.senderFrame?.url ?? '').startsWith('data:') });
    await page.exposeBinding('kioskInvoke', (source, channel: keyof typeof handlers, argument: unknown) =>
      handlers[channel]({ senderFrame: { url: source.frame.url() } }, argument));
    await page.addInitScript(() => {
      const invoke = (window as unknown as { kioskInvoke: (channel: string, argument?: unknown) => Promise<unknown> }).kioskInvoke;
      (window as unknown as { kiosk: object }).kiosk = {
        getSetup: async () => ({ settings: { mode: 'host', lan: false, port: 3000 }, needsFirstAdmin: false, accounts: true }),
        saveSetup: async () => ({ ok: true }),
        listAccounts: () => invoke('kiosk:accounts-list'),
        resetPassword: (email: string) => invoke('kiosk:accounts-reset', email),
        createAdmin: (email: string) => invoke('kiosk:accounts-create-admin', email),
      };
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
    await page.goto(setupPage());

    const section = page.getByRole('region', { name: 'Staff accounts on this computer' });
    await expect(section).toBeVisible();
    await expect(section).toContainText("whoever can open this app under this computer's user account");
    await section.getByRole('button', { name: /Show the accounts/ }).click();
    const table = section.getByRole('table', { name: /Accounts/ });
    await expect(table.getByRole('row', { name: /boss@example\.org Administrator admin active/ })).toBeVisible();
    await expect(table.getByRole('cell', { name: '<img src=x onerror=alert(1)>' })).toBeVisible();

    await section.getByLabel(/E-mail of the account whose password is forgotten/).fill('boss@example.org');
    await section.getByRole('button', { name: /Reset its password/ }).click();
    const shown = section.locator('#one-time-password');
    await expect(shown).toHaveText(/^\S{4}-\S{4}-\S{4}-\S{4}$/);
    await expect(table.getByRole('row', { name: /boss@example\.org .* must change password/ })).toBeVisible();
    const check = openDatabase(path.join(dataDir, 'site.db'));
    const boss = await new UsersRepository(check.db).findByEmail('boss@example.org');
    expect(await verifyPassword((await shown.textContent())!, boss!.password_hash)).toBe(true);
    await check.close();

    await section.getByLabel(/E-mail of the administrator to make/).fill('deputy@example.org');
    await section.getByRole('button', { name: /Make an administrator/ }).click();
    await expect(section.getByRole('status')).toContainText('Administrator created: deputy@example.org');
    await expect(table.getByRole('row', { name: /deputy@example\.org Administrator admin active, must change password/ })).toBeVisible();

    await section.getByLabel(/E-mail of the account whose password is forgotten/).fill('nobody@example.org');
    await section.getByRole('button', { name: /Reset its password/ }).click();
    await expect(section.getByRole('alert')).toContainText('No account has the e-mail nobody@example.org');

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(dialogs).toEqual([]);
  } finally {
    rmSync(userData, { recursive: true, force: true });
  }
});
