// The two systemd units (from the source with Node, and the single executable) run the same
// service: same user, data folder, settings and hardening. Only what starts the server differs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/server-process';

/** The unit's settings as "Key=value" lines, comments and blank lines left out. */
function settingsOf(file: string): string[] {
  return readFileSync(path.join(projectRoot, 'scripts', 'systemd', file), 'utf8')
    .split('\n').map((line) => line.trim()).filter((line) => /^[A-Za-z]+=/.test(line));
}

/** What necessarily differs: how the server is started, and the descriptions. */
const STARTING = /^(ExecStart|WorkingDirectory|Description|Documentation)=|^Environment=NODE_ENV=/;

describe('systemd units', () => {
  it('the single executable\'s unit keeps every setting and hardening line of the source unit', () => {
    const source = settingsOf('anti-trafficking-site.service').filter((line) => !STARTING.test(line));
    const binary = settingsOf('anti-trafficking-site-binary.service');
    expect(source.filter((line) => !binary.includes(line))).toEqual([]);
  });

  it('runs the installed executable from the data folder, with nothing else needed', () => {
    const binary = settingsOf('anti-trafficking-site-binary.service');
    expect(binary).toContain('ExecStart=/usr/local/bin/anti-trafficking-site');
    expect(binary).toContain('WorkingDirectory=/var/lib/anti-trafficking-site');
    expect(binary).toContain('Environment=DATA_DIR=/var/lib/anti-trafficking-site');
    expect(binary.filter((line) => /node|npm/.test(line))).toEqual([]);
  });
});
