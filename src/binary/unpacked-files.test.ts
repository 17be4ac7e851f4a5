// The single executable's files written to disk: once, checked by hash, repaired when changed,
// safe when two processes start together, and earlier versions' folders cleaned away. The
// executable's embedded copies are stood in by a map of buffers.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderNameOf, removeOtherFolders, sha256Of, unpackFiles, type EmbeddedFiles, type UnpackManifest } from './unpacked-files';

const scratch = mkdtempSync(path.join(tmpdir(), 'unpacked-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CONTENTS: Record<string, Buffer> = {
  'better-sqlite3/better_sqlite3.node': Buffer.from('sqlite addon bytes'),
  'sharp/@img/sharp-linux-x64/lib/sharp-linux-x64.node': Buffer.from('sharp addon bytes'),
  'sharp/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.42': Buffer.alloc(3 << 20, 7),
  'client/index.html': Buffer.from('<!doctype html><html lang="ar" dir="rtl">'),
  'swagger-ui/static/swagger-ui.css': Buffer.from('body{}'),
};

function manifestOf(contents: Record<string, Buffer>, version = '1.0.0'): UnpackManifest {
  return {
    format: 1,
    version,
    target: 'linux-x64',
    natives: {
      'better-sqlite3': { addon: 'better-sqlite3/better_sqlite3.node', files: ['better-sqlite3/better_sqlite3.node'] },
      sharp: { addon: 'sharp/@img/sharp-linux-x64/lib/sharp-linux-x64.node', files: ['sharp/@img/sharp-linux-x64/lib/sharp-linux-x64.node', 'sharp/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.42'] },
    },
    files: Object.entries(contents).map(([file, bytes]) => ({ path: file, size: bytes.length, sha256: sha256Of(bytes) })),
  };
}

/** The executable's copies; `reads` counts each file taken out of it. */
function embedded(contents = CONTENTS, manifest = manifestOf(contents)): EmbeddedFiles & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    manifestText: () => JSON.stringify(manifest),
    contents: (file) => { reads.push(file); return contents[file]; },
  };
}

const newBase = () => mkdtempSync(path.join(scratch, 'base-'));

describe('unpacking the executable\'s files', () => {
  it('writes every file at the first start, named after the build, and nothing at the next start', () => {
    const base = newBase();
    const first = embedded();
    const unpacked = unpackFiles(base, first);
    expect(path.basename(unpacked.dir)).toMatch(/^1\.0\.0-linux-x64-[0-9a-f]{12}$/);
    expect(first.reads.sort()).toEqual(Object.keys(CONTENTS).sort());
    for (const [file, bytes] of Object.entries(CONTENTS)) expect(readFileSync(path.join(unpacked.dir, ...file.split('/')))).toEqual(bytes);
    expect(readdirSync(base)).toEqual([path.basename(unpacked.dir)]); // no half-written copy left beside it
    expect(unpacked.clientDir).toBe(path.join(unpacked.dir, 'client'));

    const second = embedded();
    const again = unpackFiles(base, second);
    expect(again.dir).toBe(unpacked.dir);
    expect(second.reads).toEqual([]);
  });

  it('checks a native addon\'s files by hash before it is loaded, and writes a changed one again from the executable', () => {
    const base = newBase();
    const unpacked = unpackFiles(base, embedded());
    const libvips = path.join(unpacked.dir, 'sharp', '@img', 'sharp-libvips-linux-x64', 'lib', 'libvips-cpp.so.42');
    // Same size, other bytes: only the hash tells.
    const tampered = Buffer.alloc(3 << 20, 7);
    tampered[1000] = 0;
    writeFileSync(libvips, tampered);

    const later = embedded();
    const restarted = unpackFiles(base, later);
    expect(later.reads).toEqual([]); // sizes match: the folder counts as complete
    expect(restarted.nativeAddon('sharp')).toBe(path.join(unpacked.dir, 'sharp', '@img', 'sharp-linux-x64', 'lib', 'sharp-linux-x64.node'));
    expect(later.reads).toEqual(['sharp/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.42']);
    expect(readFileSync(libvips)).toEqual(CONTENTS['sharp/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.42']);
    // Checked once per process.
    restarted.nativeAddon('sharp');
    expect(later.reads).toHaveLength(1);
    expect(restarted.nativeAddon('better-sqlite3')).toBe(path.join(unpacked.dir, 'better-sqlite3', 'better_sqlite3.node'));
    expect(later.reads).toHaveLength(1);
  });

  it('replaces a folder with a file missing or cut short (a crash during the first start) with a whole new copy', () => {
    const base = newBase();
    const unpacked = unpackFiles(base, embedded());
    truncateSync(path.join(unpacked.dir, 'client', 'index.html'), 5);
    rmSync(path.join(unpacked.dir, 'swagger-ui', 'static', 'swagger-ui.css'));
    const again = embedded();
    expect(unpackFiles(base, again).dir).toBe(unpacked.dir);
    expect(again.reads).toHaveLength(Object.keys(CONTENTS).length);
    expect(readFileSync(path.join(unpacked.dir, 'client', 'index.html'))).toEqual(CONTENTS['client/index.html']);
    expect(existsSync(path.join(unpacked.dir, 'swagger-ui', 'static', 'swagger-ui.css'))).toBe(true);
    expect(readdirSync(base)).toEqual([path.basename(unpacked.dir)]);
  });

  it('refuses a damaged executable (an embedded copy that does not match its checksum) and leaves nothing behind', () => {
    const base = newBase();
    const damaged = { ...CONTENTS, 'client/index.html': Buffer.from('<!doctype html><html lang="en">') };
    expect(() => unpackFiles(base, embedded(damaged, manifestOf(CONTENTS)))).toThrow(/this executable is damaged: its copy of client\/index\.html does not match its checksum/);
    expect(readdirSync(base)).toEqual([]);
  });

  it('lets two processes start together: the second finds the first one\'s folder and drops its own copy', () => {
    const base = newBase();
    const manifest = manifestOf(CONTENTS);
    let otherProcess: ReturnType<typeof unpackFiles> | undefined;
    const racing: EmbeddedFiles = {
      manifestText: () => JSON.stringify(manifest),
      contents: (file) => {
        // While this one writes, another process completes the same folder.
        otherProcess ??= unpackFiles(base, embedded());
        return CONTENTS[file];
      },
    };
    const unpacked = unpackFiles(base, racing);
    expect(otherProcess?.dir).toBe(unpacked.dir);
    expect(readdirSync(base)).toEqual([path.basename(unpacked.dir)]);
    for (const [file, bytes] of Object.entries(CONTENTS)) expect(readFileSync(path.join(unpacked.dir, ...file.split('/')))).toEqual(bytes);
  });

  it('removes earlier versions\' folders and abandoned half-written copies, and nothing else of the folder', () => {
    const base = newBase();
    const older = unpackFiles(base, embedded(CONTENTS, manifestOf(CONTENTS, '0.9.0')));
    const current = unpackFiles(base, embedded());
    const abandoned = path.join(base, '.incoming-abc123');
    const inProgress = path.join(base, '.incoming-def456');
    mkdirSync(abandoned);
    mkdirSync(inProgress);
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(abandoned, hourAgo, hourAgo);
    writeFileSync(path.join(base, 'notes.txt'), 'the operator\'s own file');
    mkdirSync(path.join(base, 'photos'));

    expect(removeOtherFolders(base, current.dir).sort()).toEqual(['.incoming-abc123', path.basename(older.dir)].sort());
    expect(readdirSync(base).sort()).toEqual(['.incoming-def456', path.basename(current.dir), 'notes.txt', 'photos'].sort());
    expect(statSync(path.join(current.dir, 'manifest.json')).isFile()).toBe(true);
  });

  it('names two builds of the same version apart', () => {
    const manifest = manifestOf(CONTENTS);
    const other = manifestOf({ ...CONTENTS, 'client/index.html': Buffer.from('changed') });
    expect(folderNameOf(JSON.stringify(manifest), manifest)).not.toBe(folderNameOf(JSON.stringify(other), other));
  });
});
