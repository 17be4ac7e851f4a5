// The server runs with the same V8 flags however it is started (src/runtime-flags.mjs): npm start,
// the systemd unit, the single executable (its build's configuration is read here; building one
// takes minutes). The kiosk's server process is checked in electron/kiosk.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_V8_FLAGS } from '../src/runtime-flags.mjs';
import { projectRoot } from './lib/server-process';

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

describe('the server\'s V8 flags', () => {
  it('npm start passes them to node before the start script', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${SERVER_V8_FLAGS.join(' ')} scripts/start.mjs`);
  });

  it('the systemd unit passes them to node before the bundle', () => {
    const execStart = read('scripts/systemd/anti-trafficking-site.service').split('\n').find((line) => line.startsWith('ExecStart='));
    expect(execStart).toBe(`ExecStart=/usr/bin/node ${SERVER_V8_FLAGS.join(' ')} dist/server.mjs`);
  });

  it('the single executable is built with them as its execArgv', () => {
    expect(read('scripts/build-binary.ts')).toContain('execArgv: [...SERVER_V8_FLAGS]');
  });

  it('caps the young generation, which V8 otherwise lets grow to 128 MB under load', () => {
    expect(SERVER_V8_FLAGS).toContain('--max-semi-space-size=4');
  });

  it('bounds the heap at 256 MB, for a machine of 1 GB', () => {
    expect(SERVER_V8_FLAGS).toContain('--max-old-space-size=256');
  });
});
