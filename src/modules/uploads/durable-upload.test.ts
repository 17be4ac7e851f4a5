// An answered upload is on disk: the file is fsynced before its rename, and the uploads folder
// (which holds the new name) is fsynced before the answer is written. Watched with strace, since
// only the system calls show it (a power cut cannot be staged in a test).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const scratch = mkdtempSync(path.join(tmpdir(), 'durable-upload-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function requireStrace(): void {
  if (spawnSync('strace', ['-V']).status !== 0) {
    throw new Error('strace is missing: install it (apt-get install strace); `npm test` installs it itself when run as root (scripts/ensure-test-tools.sh)');
  }
}

describe('durable uploads', () => {
  it('fsyncs the file before renaming it and the folder before answering', async () => {
    requireStrace();
    const dataDir = path.join(scratch, 'data');
    const trace = path.join(scratch, 'trace.txt');
    const root = path.resolve(import.meta.dirname, '../../..');
    const child = spawn('strace', ['-f', '-y', '-s', '48', '-o', trace, '-e', 'trace=fsync,fdatasync,rename,renameat,renameat2,write,writev',
      process.execPath, '--import', 'tsx', 'src/test/upload-once.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    const stored = /STORED 200 "\/uploads\/([^"]+)"/.exec(stdout);
    expect(stored, stdout).not.toBeNull();
    const name = stored![1];
    const uploadsDir = path.join(dataDir, 'uploads');

    const lines = readFileSync(trace, 'utf8').split('\n');
    const find = (test: (line: string) => boolean, what: string) => {
      const index = lines.findIndex(test);
      expect(index, `no ${what} in the trace`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const renamed = find((line) => /rename/.test(line) && line.includes(path.join(uploadsDir, name)) && !/= -1/.test(line), 'rename to the final name');
    const temp = /"([^"]*\.upload-[^"]+)"/.exec(lines[renamed])![1];
    const fileSynced = find((line) => /f(data)?sync\(\d+</.test(line) && line.includes(`${temp}>`) && /= 0$/.test(line.trim()), 'fsync of the uploaded file');
    const folderSynced = lines.findIndex((line, index) => index > renamed && /fsync\(\d+</.test(line) && line.includes(`<${uploadsDir}>`));
    const answered = find((line) => /writev?\(\d+<(socket|TCP)/.test(line) && line.includes('HTTP/1.1 200'), 'the answer written to the socket');
    expect(fileSynced).toBeLessThan(renamed);
    expect(folderSynced).toBeGreaterThan(renamed);
    expect(folderSynced).toBeLessThan(answered);
  });
});
