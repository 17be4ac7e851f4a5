// The server runs with the same V8 flags and environment however it is started
// (src/runtime-flags.mjs): npm start, the systemd units, the single executable (its build's
// configuration is read here; building one takes minutes). The kiosk's server process is checked in
// electron/kiosk.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENVIRONMENT, SERVER_V8_FLAGS } from '../src/runtime-flags.mjs';
import { projectRoot } from './lib/server-process';
import { environmentToRestartWith } from './start.mjs';

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

  it('keeps V8 from pretenuring allocation sites, which left some server starts a third dearer per request', () => {
    expect(SERVER_V8_FLAGS).toContain('--no-allocation-site-pretenuring');
  });
});

describe('the server\'s environment', () => {
  it('keeps glibc to two malloc arenas, not one per thread', () => {
    expect(SERVER_ENVIRONMENT).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it('both systemd units set it', () => {
    for (const unit of ['anti-trafficking-site.service', 'anti-trafficking-site-binary.service']) {
      const lines = read(`scripts/systemd/${unit}`).split('\n');
      for (const [name, value] of Object.entries(SERVER_ENVIRONMENT)) expect(lines).toContain(`Environment=${name}=${value}`);
    }
  });

  it('npm start starts itself again with it on Linux, once, and keeps a value the operator set', () => {
    const restarted = environmentToRestartWith({ PATH: '/usr/bin', PORT: '3000' }, 'linux', true);
    expect(restarted).toEqual({ PATH: '/usr/bin', PORT: '3000', ...SERVER_ENVIRONMENT });
    expect(environmentToRestartWith(restarted!, 'linux', true)).toBeNull();
    expect(environmentToRestartWith({ MALLOC_ARENA_MAX: '4' }, 'linux', true)).toBeNull();
  });

  it('npm start does not start itself again where glibc is not, nor on a Node that cannot replace its process', () => {
    expect(environmentToRestartWith({}, 'win32', true)).toBeNull();
    expect(environmentToRestartWith({}, 'darwin', true)).toBeNull();
    expect(environmentToRestartWith({}, 'linux', false)).toBeNull();
  });
});
