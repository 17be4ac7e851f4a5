import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unsupportedNodeMessage } from './node-support.mjs';

describe('supported Node.js lines', () => {
  it('accepts Node 22.12 and later, 24 and later', () => {
    for (const version of ['22.12.0', '22.23.3', '24.0.0', '24.21.0', '26.1.0']) expect(unsupportedNodeMessage(version)).toBeNull();
  });

  it('refuses end-of-life and too-old Node lines in one line that names the running version', () => {
    for (const version of ['20.20.2', '18.19.0', '22.11.0', '21.7.0']) {
      const message = unsupportedNodeMessage(version);
      expect(message).toContain(`this is Node.js ${version}`);
      expect(message).toContain('22');
      expect(message?.split('\n')).toHaveLength(1);
    }
  });

  it('npm start on an unsupported Node exits 1 with that line before building anything', () => {
    // Pretend to be Node 20 by overriding process.versions before start.mjs runs.
    const start = path.join(__dirname, '..', 'scripts', 'start.mjs');
    const result = spawnSync(process.execPath, ['--import', 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})', start], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(unsupportedNodeMessage('20.20.2'));
    expect(result.stdout).not.toContain('npm run build');
  });
});
