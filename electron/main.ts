// Electron entry (bundled to electron/dist/main.cjs): the kiosk around the same server as npm start,
// which runs as a process of its own from electron/dist/server.cjs (the command line, bundled).
import path from 'node:path';
import { app, dialog } from 'electron';
import { startKiosk } from './kiosk';

startKiosk({
  serverEntry: path.join(__dirname, 'server.cjs'),
  clientDir: path.join(app.getAppPath(), 'client', 'dist'),
  preload: path.join(__dirname, 'preload.cjs'),
}).catch((error: unknown) => {
  dialog.showErrorBox('The site could not start', error instanceof Error ? error.stack ?? error.message : String(error));
  app.exit(1);
});
