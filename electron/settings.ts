// The kiosk's own choice of mode, kept as JSON in the app's user-data folder.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Host: this machine runs the server and keeps the data. Connect: open an office server. */
export type KioskSettings =
  | { mode: 'host'; /** also listen on the office network */ lan: boolean; /** fixed port when lan is on */ port: number }
  | { mode: 'connect'; serverUrl: string };

export const SETTINGS_FILE = 'kiosk-settings.json';
export const DEFAULT_LAN_PORT = 3000;

/** The first administrator, asked once on a new host: never saved, only handed to the server. */
export interface FirstAdmin { email: string; password: string }

type Checked = { settings: KioskSettings; firstAdmin?: FirstAdmin } | { error: string };

function checkFirstAdmin(input: Record<string, unknown>, required: boolean): { firstAdmin?: FirstAdmin } | { error: string } {
  const email = typeof input.adminEmail === 'string' ? input.adminEmail.trim() : '';
  const password = typeof input.adminPassword === 'string' ? input.adminPassword : '';
  if (!email && !password && !required) return {};
  // The same limits as the users API: e-mail up to 32 characters, password 8 to 32.
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 32) return { error: 'Enter the administrator e-mail (at most 32 characters).' };
  if (password.length < 8 || password.length > 32) return { error: 'The administrator password must be 8 to 32 characters.' };
  return { firstAdmin: { email, password } };
}

/** Returns the checked settings, or an error message in English for the setup page. */
export function validateSettings(value: unknown, options: { firstAdminRequired?: boolean } = {}): Checked {
  const input = (value ?? {}) as Record<string, unknown>;
  if (input.mode === 'host') {
    const lan = input.lan === true;
    const port = input.port === undefined || input.port === '' ? DEFAULT_LAN_PORT : Number(input.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) return { error: 'The port must be a whole number from 1 to 65535.' };
    const admin = checkFirstAdmin(input, options.firstAdminRequired === true);
    if ('error' in admin) return admin;
    return { settings: { mode: 'host', lan, port }, ...admin };
  }
  if (input.mode === 'connect') {
    const raw = typeof input.serverUrl === 'string' ? input.serverUrl.trim() : '';
    // Staff often type just "192.168.1.10:3000".
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      return { error: 'The office server address is not valid.' };
    }
    if (!raw || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return { error: 'The office server address must start with http:// or https://.' };
    return { settings: { mode: 'connect', serverUrl: url.origin } };
  }
  return { error: 'Choose a mode.' };
}

export function readSettings(userDataDir: string): KioskSettings | null {
  const file = path.join(userDataDir, SETTINGS_FILE);
  if (!existsSync(file)) return null;
  try {
    const checked = validateSettings(JSON.parse(readFileSync(file, 'utf8')));
    return 'settings' in checked ? checked.settings : null;
  } catch {
    return null; // a damaged file means the setup page is shown again
  }
}

export function writeSettings(userDataDir: string, settings: KioskSettings): void {
  mkdirSync(userDataDir, { recursive: true });
  const file = path.join(userDataDir, SETTINGS_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(settings, null, 2));
  renameSync(`${file}.tmp`, file);
}
