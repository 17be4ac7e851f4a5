// The kiosk main process: one menu-less window on the site, in host mode (this app runs the
// server and keeps the data) or connect mode (an office server). In host mode the server is a
// process of its own (server-process.ts), started again once if it dies. Plain logic over
// Electron's API so that tests can replace 'electron' with a double and start the real server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, shell, utilityProcess, type IpcMainInvokeEvent } from 'electron';
import { accountHandlers } from './accounts';
import { decideNavigation, isQuickExit } from './navigation';
import { errorPage, setupPage, startingPage } from './pages';
import { SERVER_ENVIRONMENT, SERVER_V8_FLAGS } from '../src/runtime-flags.mjs';
import { startServerProcess, type LocalServer } from './server-process';
import { readSettings, validateSettings, writeSettings, type FirstAdmin, type KioskSettings } from './settings';

export interface KioskOptions {
  /** The server's script (the command line bundled: electron/dist/server.cjs), run with no command. */
  serverEntry: string;
  /** The environment the server starts from; the kiosk sets DATA_DIR, HOST, PORT and CLIENT_DIR. */
  serverEnv?: NodeJS.ProcessEnv;
  /** The built web client (client/dist) inside the app. */
  clientDir: string;
  /** The compiled preload script. */
  preload: string;
  /** How long the office server gets to answer /api/health. */
  healthTimeoutMs?: number;
}

export interface Kiosk {
  window: BrowserWindow;
  /** Shows the site for the saved settings, or the setup page when there are none. */
  open(): Promise<void>;
  /** The origin whose pages stay inside the kiosk (null on local screens). */
  siteOrigin(): string | null;
  server(): LocalServer | null;
  /** Closes the local server and its database. */
  shutdown(): Promise<void>;
}

export async function checkHealth(siteUrl: string, timeoutMs: number): Promise<string | null> {
  try {
    const response = await fetch(new URL('/api/health', siteUrl), { signal: AbortSignal.timeout(timeoutMs) });
    if (response.ok && ((await response.json()) as { ok?: boolean }).ok === true) return null;
    return `${siteUrl} answered ${response.status}`;
  } catch (error) {
    return `${siteUrl}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
  }
}

/** Returns null when another instance already runs (that one is focused and this one quits). */
export async function startKiosk(options: KioskOptions): Promise<Kiosk | null> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  Menu.setApplicationMenu(null);
  await app.whenReady();

  const userData = app.getPath('userData');
  const dataDir = path.join(userData, 'data');
  let server: LocalServer | null = null;
  let serverSettingsKey = '';
  /** A server that dies is started again once; the retry button gives it another chance. */
  let restartsLeft = 1;
  let origin: string | null = null;
  let quickExitUrl: string | null = null;
  let pendingFirstAdmin: FirstAdmin | undefined;

  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    autoHideMenuBar: true,
    title: 'Anti-trafficking information',
    webPreferences: { preload: options.preload, contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  window.setMenuBarVisibility(false);
  window.maximize();

  const showLocal = async (url: string) => { origin = null; await window.loadURL(url); };

  async function stopServer(): Promise<void> {
    const running = server;
    server = null;
    serverSettingsKey = '';
    if (running) await running.close();
  }

  async function ensureHostServer(settings: Extract<KioskSettings, { mode: 'host' }>): Promise<LocalServer> {
    const key = JSON.stringify(settings);
    if (server && serverSettingsKey === key) return server;
    await stopServer();
    const env: NodeJS.ProcessEnv = {
      ...SERVER_ENVIRONMENT,
      ...(options.serverEnv ?? process.env),
      DATA_DIR: dataDir,
      // Only this computer, on a free port; or the office network on the chosen port.
      HOST: settings.lan ? '0.0.0.0' : '127.0.0.1',
      PORT: settings.lan ? String(settings.port) : '0',
      CLIENT_DIR: options.clientDir,
      ...(pendingFirstAdmin ? { ADMIN_EMAIL: pendingFirstAdmin.email, ADMIN_PASSWORD: pendingFirstAdmin.password } : {}),
    };
    const started = await startServerProcess(
      () => utilityProcess.fork(options.serverEntry, [], { env, execArgv: [...SERVER_V8_FLAGS], serviceName: 'Anti-trafficking site server' }),
      (code) => { if (server === started) void serverDied(code); },
    );
    server = started;
    serverSettingsKey = key;
    pendingFirstAdmin = undefined;
    return started;
  }

  /** The server stopped without being asked (a crash in native code): start it once more, else say so. */
  async function serverDied(code: number): Promise<void> {
    server = null;
    serverSettingsKey = '';
    if (restartsLeft > 0) {
      restartsLeft -= 1;
      await open();
      return;
    }
    await showLocal(errorPage('server-stopped', `The site's server stopped unexpectedly (exit code ${code}), also after being started again.`));
  }

  /** The site's quick-exit address, and its origin after redirects (an office server may send http to https). */
  async function learnSite(siteUrl: string): Promise<string> {
    quickExitUrl = null;
    try {
      const response = await fetch(new URL('/api/settings', siteUrl), { signal: AbortSignal.timeout(3000) });
      if (response.ok) quickExitUrl = ((await response.json()) as { quickExitUrl?: string }).quickExitUrl ?? null;
      return new URL(response.url || siteUrl).origin;
    } catch {
      return new URL(siteUrl).origin;
    }
  }

  async function showSite(siteUrl: string): Promise<void> {
    origin = await learnSite(siteUrl);
    await window.loadURL(origin === new URL(siteUrl).origin ? siteUrl : origin);
  }

  async function open(): Promise<void> {
    const settings = readSettings(userData);
    if (!settings) return showLocal(setupPage());
    if (settings.mode === 'host') {
      await showLocal(startingPage());
      try {
        const running = await ensureHostServer(settings);
        return await showSite(running.url);
      } catch (error) {
        await stopServer().catch(() => undefined);
        return showLocal(errorPage('server-failed', error instanceof Error ? error.message : String(error)));
      }
    }
    // Connect mode keeps no local data: a host server from an earlier setup is stopped.
    await stopServer();
    const problem = await checkHealth(settings.serverUrl, options.healthTimeoutMs ?? 5000);
    if (problem) return showLocal(errorPage('unreachable', problem));
    return showSite(settings.serverUrl);
  }

  // Local screens only: a web site in the window never gets to change the setup.
  const fromLocalPage = (event: IpcMainInvokeEvent) => (event.senderFrame?.url ?? '').startsWith('data:');
  const needsFirstAdmin = () => !existsSync(path.join(dataDir, 'site.db'));
  ipcMain.handle('kiosk:get-setup', (event) => {
    if (!fromLocalPage(event)) return null;
    const settings = readSettings(userData);
    // Account recovery is offered once this computer keeps a site with accounts.
    return { settings, needsFirstAdmin: needsFirstAdmin(), accounts: settings?.mode === 'host' && !needsFirstAdmin() };
  });
  ipcMain.handle('kiosk:save-setup', async (event, input: unknown) => {
    if (!fromLocalPage(event)) return { error: 'not allowed' };
    const checked = validateSettings(input, { firstAdminRequired: (input as { mode?: string })?.mode === 'host' && needsFirstAdmin() });
    if ('error' in checked) return checked;
    writeSettings(userData, checked.settings);
    pendingFirstAdmin = checked.firstAdmin;
    await open();
    return { ok: true };
  });
  ipcMain.handle('kiosk:retry', async (event) => {
    if (!fromLocalPage(event)) return;
    restartsLeft = 1;
    await open();
  });
  ipcMain.handle('kiosk:open-setup', async (event) => { if (fromLocalPage(event)) await showLocal(setupPage()); });
  for (const [channel, handler] of Object.entries(accountHandlers({ userData, dataDir, fromLocalPage }))) {
    ipcMain.handle(channel, handler);
  }

  const sendOut = (url: string) => {
    void shell.openExternal(url);
    // The quick exit must also hide the site at once, and show its home page when reopened.
    if (isQuickExit(url, quickExitUrl)) {
      window.minimize();
      if (origin) void window.loadURL(origin);
    }
  };
  window.webContents.setWindowOpenHandler(({ url }) => {
    const decision = decideNavigation(url, origin);
    if (decision === 'external') sendOut(url);
    else if (decision === 'allow') void window.loadURL(url); // one window: same-site pop-ups open in place
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, legacyUrl) => {
    const url = (event as { url?: string }).url ?? legacyUrl;
    const decision = decideNavigation(url, origin);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') sendOut(url);
  });
  window.webContents.on('before-input-event', (event, input) => {
    // Ctrl+Shift+S (Cmd+Shift+S on a Mac): the setup page, since there is no menu.
    if (input.type === 'keyDown' && (input.control || input.meta) && input.shift && input.key.toLowerCase() === 's') {
      event.preventDefault();
      void showLocal(setupPage());
    }
  });

  app.on('second-instance', () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !server) return;
    // Hold the quit until the server has finished its requests and closed the database.
    event.preventDefault();
    quitting = true;
    void stopServer().catch(() => undefined).finally(() => app.quit());
  });

  await open();
  return { window, open, siteOrigin: () => origin, server: () => server, shutdown: stopServer };
}
