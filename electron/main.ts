// Electron entry (bundled to electron/dist/main.cjs): the kiosk around the same server as npm start.
import path from 'node:path';
import { app, dialog } from 'electron';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';
import { startKiosk } from './kiosk';

startKiosk({
  server: { loadConfig, startServer },
  clientDir: path.join(app.getAppPath(), 'client', 'dist'),
  preload: path.join(__dirname, 'preload.cjs'),
}).catch((error: unknown) => {
  dialog.showErrorBox('The site could not start', error instanceof Error ? error.stack ?? error.message : String(error));
  app.exit(1);
});
