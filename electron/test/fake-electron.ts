// A test double for the parts of Electron the kiosk uses. It records what the kiosk asks for
// and lets tests fire Electron's events (navigation, keys, second launch, quit). Its utility
// process is a real Node child process (forked with tsx, so the server runs from the sources),
// reached the way Electron's is: postMessage, 'message' and 'exit'.
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';

type Handler = (event: { senderFrame: { url: string } }, ...args: unknown[]) => unknown;

export class FakeWebContents extends EventEmitter {
  url = '';
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void { this.windowOpenHandler = handler; }
  getURL(): string { return this.url; }
}

export class FakeBrowserWindow {
  static all: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  menuBarVisible = true;
  minimized = false;
  focusCount = 0;
  constructor(readonly options: Record<string, unknown>) { FakeBrowserWindow.all.push(this); }
  async loadURL(url: string): Promise<void> { this.loaded.push(url); this.webContents.url = url; }
  setMenuBarVisibility(visible: boolean): void { this.menuBarVisible = visible; }
  maximize(): void {}
  minimize(): void { this.minimized = true; }
  isMinimized(): boolean { return this.minimized; }
  restore(): void { this.minimized = false; }
  show(): void {}
  focus(): void { this.focusCount += 1; }
  isDestroyed(): boolean { return false; }
}

class FakeApp extends EventEmitter {
  hasLock = true;
  userData = '';
  quitRequests = 0;
  /** Set once a quit went through (no before-quit listener held it back). */
  quitted = false;
  requestSingleInstanceLock(): boolean { return this.hasLock; }
  async whenReady(): Promise<void> {}
  getPath(name: string): string {
    if (name !== 'userData') throw new Error(`unexpected getPath(${name})`);
    return this.userData;
  }
  getAppPath(): string { return process.cwd(); }
  quit(): void {
    this.quitRequests += 1;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => { prevented = true; } });
    if (!prevented) this.quitted = true;
  }
  exit(): void { this.quitted = true; }
}

export interface ForkCall { modulePath: string; args: string[]; options: { env?: NodeJS.ProcessEnv; execArgv?: string[]; serviceName?: string } }

export class FakeUtilityProcess extends EventEmitter {
  readonly child: ChildProcess;
  exitCode: number | null = null;

  constructor(readonly call: ForkCall) {
    super();
    this.child = fork(call.modulePath, call.args, { env: call.options.env, execArgv: [...(call.options.execArgv ?? []), '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('spawn', () => this.emit('spawn'));
    this.child.on('message', (message) => this.emit('message', message));
    // Electron reports a number: a process killed by a signal has no code of its own.
    this.child.on('exit', (code) => {
      this.exitCode = code ?? 1;
      this.emit('exit', this.exitCode);
    });
  }

  get pid(): number | undefined { return this.child.pid; }
  postMessage(message: unknown): void { if (this.child.connected) this.child.send(message as object); }
  kill(): boolean { return this.child.kill(); }
}

/** Every utility process the kiosk started, in order. */
export const utilityProcesses: FakeUtilityProcess[] = [];

export const fakeApp = new FakeApp();
export const ipcHandlers = new Map<string, Handler>();
export const openedExternally: string[] = [];
export const applicationMenus: unknown[] = [];

/** Calls an IPC handler as if a page at senderUrl had invoked it. */
export function invoke(channel: string, senderUrl: string, ...args: unknown[]): unknown {
  const handler = ipcHandlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ senderFrame: { url: senderUrl } }, ...args);
}

export function resetFakeElectron(userData: string): void {
  fakeApp.removeAllListeners();
  fakeApp.hasLock = true;
  fakeApp.userData = userData;
  fakeApp.quitRequests = 0;
  fakeApp.quitted = false;
  FakeBrowserWindow.all = [];
  ipcHandlers.clear();
  openedExternally.length = 0;
  applicationMenus.length = 0;
  // A test that failed half-way may leave its server running.
  for (const server of utilityProcesses.splice(0)) if (server.exitCode === null) server.child.kill('SIGKILL');
}

export const electronModule = {
  app: fakeApp,
  BrowserWindow: FakeBrowserWindow,
  Menu: { setApplicationMenu: (menu: unknown) => { applicationMenus.push(menu); } },
  shell: { openExternal: async (url: string) => { openedExternally.push(url); } },
  ipcMain: { handle: (channel: string, handler: Handler) => { ipcHandlers.set(channel, handler); } },
  dialog: { showErrorBox: () => undefined },
  utilityProcess: {
    fork: (modulePath: string, args: string[] = [], options: ForkCall['options'] = {}) => {
      const child = new FakeUtilityProcess({ modulePath, args, options });
      utilityProcesses.push(child);
      return child;
    },
  },
};
