// The kiosk main process with Electron replaced by a double and the real server started, as a
// process of its own (the double's utility process forks the command line from the sources).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';
import { startKiosk, type Kiosk, type KioskOptions } from './kiosk';
import type { LocalServer } from './server-process';
import { writeSettings } from './settings';
import { SERVER_ENVIRONMENT, SERVER_V8_FLAGS } from '../src/runtime-flags.mjs';
import { FakeBrowserWindow, applicationMenus, fakeApp, invoke, openedExternally, resetFakeElectron, utilityProcesses } from './test/fake-electron';

vi.mock('electron', async () => (await import('./test/fake-electron')).electronModule);

const scratch = mkdtempSync(path.join(tmpdir(), 'kiosk-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const quietEnv = { SEED_DEMO: '0', LOG_LEVEL: 'silent', DAILY_BACKUPS_KEPT: '0' };
const options: KioskOptions = {
  serverEntry: path.resolve('src/cli/entry.ts'),
  serverEnv: { ...process.env, ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'admin-password-1', ...quietEnv },
  clientDir: path.join(scratch, 'no-client'),
  preload: '/app/electron/dist/preload.cjs',
  healthTimeoutMs: 1500,
};

const LOCAL_PAGE = 'data:text/html,local';
const decodePage = (url: string) => decodeURIComponent(url.slice(url.indexOf(',') + 1));
const lastLoaded = (kiosk: Kiosk) => (kiosk.window as unknown as FakeBrowserWindow).loaded.at(-1) ?? '';
const fakeWindow = (kiosk: Kiosk) => kiosk.window as unknown as FakeBrowserWindow;

function navigate(kiosk: Kiosk, url: string): boolean {
  let prevented = false;
  fakeWindow(kiosk).webContents.emit('will-navigate', { url, preventDefault: () => { prevented = true; } }, url);
  return prevented;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function newUserData(): string {
  const dir = mkdtempSync(path.join(scratch, 'user-data-'));
  resetFakeElectron(dir);
  return dir;
}

const pick = (env: NodeJS.ProcessEnv, names: string[]) => Object.fromEntries(names.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]));

describe('host mode', () => {
  let kiosk: Kiosk;
  let userData: string;

  it('starts the server as a process of its own, on 127.0.0.1 with its data in userData, and loads the site in a menu-less window', async () => {
    userData = newUserData();
    writeSettings(userData, { mode: 'host', lan: false, port: 3000 });
    kiosk = (await startKiosk(options)) as Kiosk;
    expect(kiosk).not.toBeNull();
    const server = kiosk.server() as LocalServer;
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Electron's utility process, running the command line with no command: the server.
    expect(utilityProcesses).toHaveLength(1);
    const { call } = utilityProcesses[0];
    expect(call.modulePath).toBe(options.serverEntry);
    expect(call.args).toEqual([]);
    expect(call.options.env).toMatchObject({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: path.join(userData, 'data'), CLIENT_DIR: options.clientDir });
    // The server's V8 flags, as npm start and the systemd unit give them (src/runtime-flags.mjs).
    expect(call.options.execArgv).toEqual(SERVER_V8_FLAGS);
    // And their environment (two malloc arenas), unless the machine's own sets it otherwise.
    expect(call.options.env).toMatchObject({ ...SERVER_ENVIRONMENT, ...pick(process.env, Object.keys(SERVER_ENVIRONMENT)) });
    expect(server.pid).toBe(utilityProcesses[0].pid);
    expect(server.pid).not.toBe(process.pid);
    expect(existsSync(path.join(userData, 'data', 'site.db'))).toBe(true);
    expect(lastLoaded(kiosk)).toBe(server.url);
    expect(kiosk.siteOrigin()).toBe(server.url);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    expect(applicationMenus).toEqual([null]);
    expect(fakeWindow(kiosk).options.autoHideMenuBar).toBe(true);
    expect(fakeWindow(kiosk).menuBarVisible).toBe(false);
    const prefs = fakeWindow(kiosk).options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  });

  it('keeps same-site navigation and sends other sites, tel: and mailto: to the system', () => {
    const site = kiosk.siteOrigin() as string;
    expect(navigate(kiosk, `${site}/about`)).toBe(false);
    expect(openedExternally).toEqual([]);
    for (const external of ['https://www.youtube.com/watch?v=abc', 'https://facebook.com/page', 'tel:533', 'mailto:help@example.org']) {
      expect(navigate(kiosk, external)).toBe(true);
    }
    expect(openedExternally).toEqual(['https://www.youtube.com/watch?v=abc', 'https://facebook.com/page', 'tel:533', 'mailto:help@example.org']);
    // Never followed, never handed out.
    for (const refused of ['file:///etc/passwd', 'javascript:alert(1)', 'myapp://x']) expect(navigate(kiosk, refused)).toBe(true);
    expect(openedExternally).toHaveLength(4);
  });

  it('opens pop-ups of other sites in the browser and same-site pop-ups in the kiosk window', () => {
    const handler = fakeWindow(kiosk).webContents.windowOpenHandler!;
    const site = kiosk.siteOrigin() as string;
    openedExternally.length = 0;
    expect(handler({ url: 'https://twitter.com/x' })).toEqual({ action: 'deny' });
    expect(openedExternally).toEqual(['https://twitter.com/x']);
    expect(handler({ url: `${site}/uploads/a.pdf` })).toEqual({ action: 'deny' });
    expect(lastLoaded(kiosk)).toBe(`${site}/uploads/a.pdf`);
    expect(openedExternally).toHaveLength(1);
  });

  it('hides the window on the quick exit and shows the home page again', async () => {
    const site = kiosk.siteOrigin() as string;
    const { quickExitUrl } = (await (await fetch(`${site}/api/settings`)).json()) as { quickExitUrl: string };
    openedExternally.length = 0;
    expect(navigate(kiosk, quickExitUrl)).toBe(true);
    expect(openedExternally).toEqual([quickExitUrl]);
    expect(fakeWindow(kiosk).minimized).toBe(true);
    expect(lastLoaded(kiosk)).toBe(site);
  });

  it('focuses the first window when the app is launched again', () => {
    const before = fakeWindow(kiosk).focusCount;
    fakeApp.emit('second-instance');
    expect(fakeWindow(kiosk).minimized).toBe(false);
    expect(fakeWindow(kiosk).focusCount).toBe(before + 1);
  });

  it('opens the setup page with Ctrl+Shift+S', () => {
    let prevented = false;
    fakeWindow(kiosk).webContents.emit('before-input-event', { preventDefault: () => { prevented = true; } }, { type: 'keyDown', control: true, meta: false, shift: true, key: 'S' });
    expect(prevented).toBe(true);
    expect(decodePage(lastLoaded(kiosk))).toContain('How should this computer open the site?');
    expect(kiosk.siteOrigin()).toBeNull();
  });

  it('shuts down cleanly on quit: requests finished, database closed, then the quit goes on', async () => {
    fakeApp.quit();
    expect(fakeApp.quitted).toBe(false); // held back until the server is closed
    await vi.waitFor(() => expect(fakeApp.quitted).toBe(true), { timeout: 30_000 });
    expect(utilityProcesses[0].exitCode).toBe(0);
    expect(kiosk.server()).toBeNull();
    expect(readdirSync(path.join(userData, 'data')).filter((name) => name.startsWith('site.db'))).toEqual(['site.db']);
  });
});

describe('a server that dies (a crash in native code, say)', () => {
  it('is started again once and the window follows it; a second death shows the error screen, whose retry starts it again', { timeout: 120_000 }, async () => {
    const userData = newUserData();
    writeSettings(userData, { mode: 'host', lan: false, port: 3000 });
    const kiosk = (await startKiosk(options)) as Kiosk;
    const first = kiosk.server() as LocalServer;

    utilityProcesses[0].child.kill('SIGKILL');
    await vi.waitFor(() => {
      expect(kiosk.server()?.pid).toBe(utilityProcesses[1]?.pid);
      expect(lastLoaded(kiosk)).toBe(kiosk.server()?.url);
    }, { timeout: 60_000 });
    const second = kiosk.server() as LocalServer;
    expect(second.pid).not.toBe(first.pid);
    expect(kiosk.siteOrigin()).toBe(second.url);
    // The same data: the administrator made at the first start logs in.
    expect((await logIn(second.url, 'admin@example.org', 'admin-password-1')).status).toBe(200);
    expect(utilityProcesses[1].call.options.env).toMatchObject({ HOST: '127.0.0.1', DATA_DIR: path.join(userData, 'data') });

    utilityProcesses[1].child.kill('SIGKILL');
    await vi.waitFor(() => expect(decodePage(lastLoaded(kiosk))).toContain('The site stopped on this computer'), { timeout: 60_000 });
    const page = decodePage(lastLoaded(kiosk));
    expect(page).toContain('توقّف الموقع على هذا الحاسوب');
    expect(page).toContain('id="retry"');
    expect(kiosk.server()).toBeNull();
    expect(utilityProcesses).toHaveLength(2); // not a third time by itself

    await invoke('kiosk:retry', LOCAL_PAGE);
    const third = kiosk.server() as LocalServer;
    expect(utilityProcesses).toHaveLength(3);
    expect(lastLoaded(kiosk)).toBe(third.url);
    expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
    await kiosk.shutdown();
    expect(utilityProcesses[2].exitCode).toBe(0);
  });
});

describe('single instance', () => {
  it('quits at once, without a window or a server, when another instance holds the lock', async () => {
    newUserData();
    fakeApp.hasLock = false;
    expect(await startKiosk(options)).toBeNull();
    expect(fakeApp.quitted).toBe(true);
    expect(FakeBrowserWindow.all).toHaveLength(0);
  });
});

describe('first start and setup', () => {
  it('asks for the mode, refuses setup calls from web pages, and creates the first administrator', async () => {
    const userData = newUserData();
    const kiosk = (await startKiosk(options)) as Kiosk;
    expect(decodePage(lastLoaded(kiosk))).toContain('How should this computer open the site?');
    expect(kiosk.server()).toBeNull();
    expect(await invoke('kiosk:get-setup', LOCAL_PAGE)).toEqual({ settings: null, needsFirstAdmin: true, accounts: false });

    // A web page in the window cannot read or change the setup.
    expect(await invoke('kiosk:get-setup', 'http://127.0.0.1:1/')).toBeNull();
    expect(await invoke('kiosk:save-setup', 'https://evil.example/', { mode: 'connect', serverUrl: 'http://evil.example' })).toEqual({ error: 'not allowed' });
    expect(await invoke('kiosk:save-setup', LOCAL_PAGE, { mode: 'host', lan: false })).toHaveProperty('error');
    expect(await invoke('kiosk:save-setup', LOCAL_PAGE, { mode: 'host', lan: true, port: '70000', adminEmail: 'boss@office.org', adminPassword: 'office-pass-1' })).toHaveProperty('error');

    expect(await invoke('kiosk:save-setup', LOCAL_PAGE, { mode: 'host', lan: false, port: '', adminEmail: 'boss@office.org', adminPassword: 'office-pass-1' })).toEqual({ ok: true });
    const server = kiosk.server() as LocalServer;
    expect(lastLoaded(kiosk)).toBe(server.url);
    const login = await fetch(`${server.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'boss@office.org', password: 'office-pass-1' }) });
    expect(login.status).toBe(200);
    expect(await invoke('kiosk:get-setup', LOCAL_PAGE)).toEqual({ settings: { mode: 'host', lan: false, port: 3000 }, needsFirstAdmin: false, accounts: true });
    await kiosk.shutdown();
    expect(utilityProcesses.at(-1)?.exitCode).toBe(0);
    expect(readdirSync(path.join(userData, 'data')).filter((name) => name.startsWith('site.db'))).toEqual(['site.db']);
  });

  it('shows an error screen with a retry when the server cannot start, and recovers', async () => {
    const userData = newUserData();
    const port = await freePort();
    const blocker = createServer().listen(port, '0.0.0.0');
    await new Promise((resolve) => blocker.once('listening', resolve));
    writeSettings(userData, { mode: 'host', lan: true, port });
    const kiosk = (await startKiosk(options)) as Kiosk;
    const page = decodePage(lastLoaded(kiosk));
    expect(page).toContain('The site could not start on this computer');
    expect(page).toContain('EADDRINUSE');
    expect(kiosk.server()).toBeNull();

    await vi.waitFor(() => expect(utilityProcesses[0].exitCode).toBe(1)); // it exits once it has said why

    await new Promise((resolve) => blocker.close(resolve));
    await invoke('kiosk:retry', LOCAL_PAGE);
    const server = kiosk.server() as LocalServer;
    expect(utilityProcesses.at(-1)?.call.options.env).toMatchObject({ HOST: '0.0.0.0', PORT: String(port) });
    expect(server.port).toBe(port);
    expect(lastLoaded(kiosk)).toBe(`http://127.0.0.1:${port}`);
    await kiosk.shutdown();
  });
});

describe('connect mode', () => {
  it('shows "office server cannot be reached" with a retry, then opens the office server when it answers', async () => {
    const userData = newUserData();
    const port = await freePort();
    writeSettings(userData, { mode: 'connect', serverUrl: `http://127.0.0.1:${port}` });
    const kiosk = (await startKiosk(options)) as Kiosk;
    const page = decodePage(lastLoaded(kiosk));
    expect(page).toContain('The office server cannot be reached');
    expect(page).toContain('id="retry"');
    expect(page).toContain('Change setup');
    expect(kiosk.server()).toBeNull();
    expect(existsSync(path.join(userData, 'data'))).toBe(false); // no local data in connect mode

    const officeData = mkdtempSync(path.join(scratch, 'office-'));
    const office = await startServer(loadConfig({ ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'admin-password-1', DATA_DIR: officeData, HOST: '127.0.0.1', PORT: String(port), ...quietEnv }), { logger: false });
    try {
      await invoke('kiosk:retry', LOCAL_PAGE);
      expect(lastLoaded(kiosk)).toBe(`http://127.0.0.1:${port}`);
      expect(kiosk.siteOrigin()).toBe(`http://127.0.0.1:${port}`);
      expect(navigate(kiosk, `http://127.0.0.1:${port}/dashboard`)).toBe(false);
    } finally {
      await office.close();
    }
  });
});

async function apiCall(siteUrl: string, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${siteUrl}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) as Record<string, unknown> : {} };
}
const logIn = (siteUrl: string, email: string, password: string) => apiCall(siteUrl, 'POST', '/api/users/login', { email, password });

describe('staff account recovery from the setup screen (host mode)', () => {
  it('lists, resets a password and makes an admin while the built-in server runs (in effect there at once), for the kiosk\'s own pages only, audited as the desktop app', async () => {
    const userData = newUserData();
    writeSettings(userData, { mode: 'host', lan: false, port: 3000 });
    const kiosk = (await startKiosk(options)) as Kiosk;
    const site = (kiosk.server() as LocalServer).url;
    const before = (await logIn(site, 'admin@example.org', 'admin-password-1')).body.token as string;

    fakeWindow(kiosk).webContents.emit('before-input-event', { preventDefault: () => undefined }, { type: 'keyDown', control: true, meta: false, shift: true, key: 's' });
    const page = decodePage(lastLoaded(kiosk));
    expect(page).toContain('Staff accounts on this computer');
    expect(page).toContain("whoever can open this app under this computer's user account");
    expect(await invoke('kiosk:get-setup', LOCAL_PAGE)).toMatchObject({ accounts: true });

    // The site in the window, or any page it could navigate to, gets nothing.
    for (const sender of [`${site}/dashboard/users`, 'https://evil.example/']) {
      expect(await invoke('kiosk:accounts-list', sender)).toEqual({ error: 'not allowed' });
      expect(await invoke('kiosk:accounts-reset', sender, 'admin@example.org')).toEqual({ error: 'not allowed' });
      expect(await invoke('kiosk:accounts-create-admin', sender, 'evil@example.org')).toEqual({ error: 'not allowed' });
    }
    expect((await logIn(site, 'admin@example.org', 'admin-password-1')).status).toBe(200);

    const listed = await invoke('kiosk:accounts-list', LOCAL_PAGE) as { accounts: Array<Record<string, unknown>> };
    expect(listed.accounts).toEqual([{ email: 'admin@example.org', name: 'Administrator', role: 'admin', active: true, mustChangePassword: false }]);

    const reset = await invoke('kiosk:accounts-reset', LOCAL_PAGE, ' Admin@Example.org ') as { password: string; account: Record<string, unknown> };
    expect(reset.account).toMatchObject({ email: 'admin@example.org', mustChangePassword: true });
    expect((await apiCall(site, 'GET', '/api/users', undefined, before)).status).toBe(401);
    expect((await logIn(site, 'admin@example.org', 'admin-password-1')).status).toBe(401);
    const pending = await logIn(site, 'admin@example.org', reset.password);
    expect(pending.body).toMatchObject({ mustChangePassword: true });
    expect((await apiCall(site, 'GET', '/api/users', undefined, pending.body.token as string)).status).toBe(403);

    const made = await invoke('kiosk:accounts-create-admin', LOCAL_PAGE, 'deputy@example.org') as { password: string; created: boolean };
    expect(made.created).toBe(true);
    const deputy = await logIn(site, 'deputy@example.org', made.password);
    expect(deputy.body).toMatchObject({ isAdmin: true, mustChangePassword: true });
    expect((await apiCall(site, 'PUT', '/api/users/me/password', { currentPassword: made.password, newPassword: 'deputy-pass-1' }, deputy.body.token as string)).status).toBe(204);
    const deputyToken = (await logIn(site, 'deputy@example.org', 'deputy-pass-1')).body.token as string;
    const audit = await apiCall(site, 'GET', '/api/audit', undefined, deputyToken);
    const byKiosk = (audit.body.entries as Array<{ userEmail: string; userId: string | null }>).filter((entry) => entry.userEmail.startsWith('desktop app on '));
    expect(byKiosk).toHaveLength(2);
    expect(JSON.stringify(audit.body)).not.toContain(reset.password);

    expect(await invoke('kiosk:accounts-reset', LOCAL_PAGE, 'nobody@example.org')).toEqual({ error: expect.stringContaining('No account has the e-mail nobody@example.org') });
    expect(await invoke('kiosk:accounts-create-admin', LOCAL_PAGE, '<img src=x>')).toEqual({ error: expect.stringContaining('not a valid e-mail') });
    await kiosk.shutdown();
  });

  it('uses the data folder when the built-in server is stopped, and is refused in connect mode', async () => {
    const userData = newUserData();
    writeSettings(userData, { mode: 'host', lan: false, port: 3000 });
    const kiosk = (await startKiosk(options)) as Kiosk;
    await kiosk.shutdown();
    expect(kiosk.server()).toBeNull();
    const reset = await invoke('kiosk:accounts-reset', LOCAL_PAGE, 'admin@example.org') as { password: string };
    expect(reset.password).toMatch(/^\S{4}-\S{4}-\S{4}-\S{4}$/);

    const server = await startServer(loadConfig({ DATA_DIR: path.join(userData, 'data'), HOST: '127.0.0.1', PORT: '0', ...quietEnv }), { logger: false });
    try {
      expect((await logIn(server.url, 'admin@example.org', reset.password)).body).toMatchObject({ mustChangePassword: true });
    } finally {
      await server.close();
    }

    writeSettings(userData, { mode: 'connect', serverUrl: 'http://127.0.0.1:1' });
    expect(await invoke('kiosk:get-setup', LOCAL_PAGE)).toMatchObject({ accounts: false });
    expect(await invoke('kiosk:accounts-list', LOCAL_PAGE)).toEqual({ error: expect.stringContaining('host mode') });
  });
});

beforeEach(() => { openedExternally.length = 0; });
