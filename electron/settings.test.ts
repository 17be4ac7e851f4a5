// The kiosk's saved mode and its link rules, without Electron.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decideNavigation, isQuickExit } from './navigation';
import { readSettings, SETTINGS_FILE, validateSettings, writeSettings } from './settings';

const dir = mkdtempSync(path.join(tmpdir(), 'kiosk-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('settings', () => {
  it('accepts host mode with a LAN port and normalises office server addresses', () => {
    expect(validateSettings({ mode: 'host', lan: true, port: '8080' })).toEqual({ settings: { mode: 'host', lan: true, port: 8080 } });
    expect(validateSettings({ mode: 'host' })).toEqual({ settings: { mode: 'host', lan: false, port: 3000 } });
    expect(validateSettings({ mode: 'connect', serverUrl: ' 192.168.1.10:3000 ' })).toEqual({ settings: { mode: 'connect', serverUrl: 'http://192.168.1.10:3000' } });
    expect(validateSettings({ mode: 'connect', serverUrl: 'https://office.example.org/some/page' })).toEqual({ settings: { mode: 'connect', serverUrl: 'https://office.example.org' } });
  });

  it('refuses bad ports, addresses, modes and first administrators', () => {
    for (const port of ['0', '70000', '3.5', 'abc']) expect(validateSettings({ mode: 'host', port })).toHaveProperty('error');
    for (const serverUrl of ['', 'ftp://x', 'http://', 'file:///etc']) expect(validateSettings({ mode: 'connect', serverUrl })).toHaveProperty('error');
    expect(validateSettings({ mode: 'other' })).toEqual({ error: 'Choose a mode.' });
    expect(validateSettings({ mode: 'host' }, { firstAdminRequired: true })).toHaveProperty('error');
    expect(validateSettings({ mode: 'host', adminEmail: 'a@b.org', adminPassword: 'short' })).toHaveProperty('error');
    expect(validateSettings({ mode: 'host', adminEmail: 'a@b.org', adminPassword: 'long-enough' }, { firstAdminRequired: true }))
      .toEqual({ settings: { mode: 'host', lan: false, port: 3000 }, firstAdmin: { email: 'a@b.org', password: 'long-enough' } });
  });

  it('saves to JSON in userData, never the password, and treats a damaged file as no setup', () => {
    expect(readSettings(dir)).toBeNull();
    writeSettings(dir, { mode: 'connect', serverUrl: 'http://10.0.0.2:3000' });
    expect(readSettings(dir)).toEqual({ mode: 'connect', serverUrl: 'http://10.0.0.2:3000' });
    writeFileSync(path.join(dir, SETTINGS_FILE), '{ not json');
    expect(readSettings(dir)).toBeNull();
  });
});

describe('navigation rules', () => {
  const site = 'http://127.0.0.1:4321';
  it('keeps the site inside and sends everything else out or nowhere', () => {
    expect(decideNavigation(`${site}/posts/Iraq/en`, site)).toBe('allow');
    expect(decideNavigation('http://127.0.0.1:9999/', site)).toBe('external');
    expect(decideNavigation('https://www.youtube.com/embed/x', site)).toBe('external');
    expect(decideNavigation('tel:533', site)).toBe('external');
    expect(decideNavigation('mailto:a@b.org', site)).toBe('external');
    expect(decideNavigation('javascript:alert(1)', site)).toBe('deny');
    expect(decideNavigation('not a url', site)).toBe('deny');
    expect(decideNavigation(`${site}/`, null)).toBe('external'); // from a local screen nothing stays in
  });

  it('recognises the quick exit by origin and path', () => {
    expect(isQuickExit('https://www.google.com/?q=weather', 'https://www.google.com/')).toBe(true);
    expect(isQuickExit('https://www.google.com/maps', 'https://www.google.com/')).toBe(false);
    expect(isQuickExit('https://www.google.com/', null)).toBe(false);
  });
});
