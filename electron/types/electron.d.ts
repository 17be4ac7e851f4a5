// The part of Electron's API that the kiosk uses, with Electron 44's signatures.
//
// `electron` is an optional dependency: where its binary cannot be downloaded it may be missing
// from node_modules, and the type check must not depend on it. tsconfig.json maps the module
// name 'electron' to this file, so server, scripts and kiosk are always checked the same way.
// When the kiosk starts using more of Electron, add those members here from Electron's own
// electron.d.ts (node_modules/electron/electron.d.ts where it is installed).
declare module 'electron' {
  interface PreventableEvent { preventDefault(): void }

  interface IpcMainInvokeEvent { senderFrame: { url: string } | null }

  interface Input { type: string; key: string; control: boolean; meta: boolean; shift: boolean; alt: boolean }

  interface WebContents {
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void;
    on(event: 'will-navigate', listener: (event: PreventableEvent & { url?: string }, url: string) => void): this;
    on(event: 'before-input-event', listener: (event: PreventableEvent, input: Input) => void): this;
  }

  interface BrowserWindowConstructorOptions {
    width?: number;
    height?: number;
    autoHideMenuBar?: boolean;
    title?: string;
    webPreferences?: { preload?: string; contextIsolation?: boolean; sandbox?: boolean; nodeIntegration?: boolean };
  }

  class BrowserWindow {
    constructor(options?: BrowserWindowConstructorOptions);
    readonly webContents: WebContents;
    loadURL(url: string): Promise<void>;
    setMenuBarVisibility(visible: boolean): void;
    maximize(): void;
    minimize(): void;
    restore(): void;
    show(): void;
    focus(): void;
    isMinimized(): boolean;
    isDestroyed(): boolean;
  }

  interface App {
    requestSingleInstanceLock(): boolean;
    whenReady(): Promise<void>;
    getPath(name: 'userData' | 'home' | 'appData' | 'temp'): string;
    getAppPath(): string;
    quit(): void;
    exit(code?: number): void;
    on(event: 'second-instance' | 'window-all-closed', listener: () => void): this;
    on(event: 'before-quit', listener: (event: PreventableEvent) => void): this;
  }

  interface ForkOptions {
    env?: NodeJS.ProcessEnv;
    execArgv?: string[];
    cwd?: string;
    stdio?: 'pipe' | 'ignore' | 'inherit' | Array<'pipe' | 'ignore' | 'inherit' | number>;
    serviceName?: string;
    allowLoadingUnsignedLibraries?: boolean;
    respondToAuthRequestsFromMainProcess?: boolean;
  }

  /** A Node.js child process of the main process (Electron's utilityProcess module). */
  interface UtilityProcess {
    readonly pid: number | undefined;
    readonly stdout: NodeJS.ReadableStream | null;
    readonly stderr: NodeJS.ReadableStream | null;
    postMessage(message: any, transfer?: unknown[]): void;
    kill(): boolean;
    on(event: 'spawn', listener: () => void): this;
    on(event: 'exit', listener: (code: number) => void): this;
    on(event: 'message', listener: (message: any) => void): this;
    once(event: 'spawn', listener: () => void): this;
    once(event: 'exit', listener: (code: number) => void): this;
    once(event: 'message', listener: (message: any) => void): this;
  }

  const app: App;
  const utilityProcess: { fork(modulePath: string, args?: string[], options?: ForkOptions): UtilityProcess };
  const dialog: { showErrorBox(title: string, content: string): void };
  const shell: { openExternal(url: string): Promise<void> };
  const Menu: { setApplicationMenu(menu: null): void };
  const ipcMain: { handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: any[]) => unknown): void };
  const ipcRenderer: { invoke(channel: string, ...args: unknown[]): Promise<unknown> };
  const contextBridge: { exposeInMainWorld(apiKey: string, api: Record<string, unknown>): void };
}
