// The only bridge between the kiosk's local screens and the main process. The main process
// answers these calls only when they come from its own data: pages, never from a web site.
import { contextBridge, ipcRenderer } from 'electron';

contextBridge.exposeInMainWorld('kiosk', {
  getSetup: () => ipcRenderer.invoke('kiosk:get-setup'),
  saveSetup: (settings: unknown) => ipcRenderer.invoke('kiosk:save-setup', settings),
  retry: () => ipcRenderer.invoke('kiosk:retry'),
  openSetup: () => ipcRenderer.invoke('kiosk:open-setup'),
  // Host mode only (electron/accounts.ts): the same recovery as `npm run users`.
  listAccounts: () => ipcRenderer.invoke('kiosk:accounts-list'),
  resetPassword: (email: string) => ipcRenderer.invoke('kiosk:accounts-reset', email),
  createAdmin: (email: string) => ipcRenderer.invoke('kiosk:accounts-create-admin', email),
});
