// An answered upload is on disk: each stored file (the cleaned bytes, and an image's variants) is
// fsynced after its last write and before its rename, and the uploads folder (which holds the new
// names) is fsynced before the answer is written. Watched with strace, since
// only the system calls show it (a power cut cannot be staged in a test).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '@shared/domain';

const scratch = mkdtempSync(path.join(tmpdir(), 'durable-upload-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function requireStrace(): void {
  if (spawnSync('strace', ['-V']).status !== 0) {
    throw new Error('strace is missing: install it (apt-get install strace); `npm test` installs it itself when run as root (scripts/ensure-test-tools.sh)');
  }
}

/** Every stored name of an upload: the file, and for an image its four width variants. */
function storedNames(name: string, kind: 'pdf' | 'image'): string[] {
  if (kind === 'pdf') return [name];
  const base = name.replace(/\.webp$/, '');
  return [name, ...IMAGE_VARIANT_WIDTHS.map((width) => `${base}-${width}w.webp`)];
}

describe('durable uploads', () => {
  it.each(['pdf', 'image'] as const)('a %s: every stored file is fsynced after its last write and before its rename, the folder before the answer', async (kind) => {
    requireStrace();
    const dataDir = path.join(scratch, kind);
    const trace = path.join(scratch, `trace-${kind}.txt`);
    const root = path.resolve(import.meta.dirname, '../../..');
    const child = spawn('strace', ['-f', '-y', '-s', '48', '-o', trace, '-e', 'trace=fsync,fdatasync,rename,renameat,renameat2,write,writev,pwrite64,openat',
      process.execPath, '--import', 'tsx', 'src/test/upload-once.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, UPLOAD_KIND: kind }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    const stored = /STORED 200 "\/uploads\/([^"]+)"/.exec(stdout);
    expect(stored, stdout).not.toBeNull();
    const uploadsDir = path.join(dataDir, 'uploads');

    const lines = readFileSync(trace, 'utf8').split('\n');
    const find = (test: (line: string) => boolean, what: string) => {
      const index = lines.findIndex(test);
      expect(index, `no ${what} in the trace`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const lastIndex = (test: (line: string) => boolean) => lines.reduce((last, line, index) => (test(line) ? index : last), -1);
    const answered = find((line) => /writev?\(\d+<(socket|TCP)/.test(line) && line.includes('HTTP/1.1 200'), 'the answer written to the socket');
    let lastRename = -1;
    for (const name of storedNames(stored![1], kind)) {
      const renamed = find((line) => /rename/.test(line) && line.includes(path.join(uploadsDir, name)) && !/= -1/.test(line), `rename to ${name}`);
      const temp = /"([^"]*\.upload-[^"]+)"/.exec(lines[renamed])![1];
      // The last bytes written into the temporary file (the cleaned ones), then its fsync, then the rename.
      const lastWrite = lastIndex((line) => /^\d+\s+p?writev?(64)?\(\d+</.test(line) && line.includes(`<${temp}>`));
      expect(lastWrite, `no write into ${temp}`).toBeGreaterThanOrEqual(0);
      // The call may be split by strace into "<unfinished ...>" and "resumed" lines when threads
      // interleave: the line that names the file is the one to find.
      const synced = lines.findIndex((line, index) => index > lastWrite && /f(data)?sync\(\d+</.test(line) && line.includes(`<${temp}>`) && !/= -1/.test(line));
      expect(synced, `${name}: no fsync after its last write`).toBeGreaterThan(lastWrite);
      expect(synced, `${name}: renamed before its fsync`).toBeLessThan(renamed);
      lastRename = Math.max(lastRename, renamed);
    }
    const folderSynced = lines.findIndex((line, index) => index > lastRename && /fsync\(\d+</.test(line) && line.includes(`<${uploadsDir}>`));
    expect(folderSynced).toBeGreaterThan(lastRename);
    expect(folderSynced).toBeLessThan(answered);
  }, 60_000);
});
