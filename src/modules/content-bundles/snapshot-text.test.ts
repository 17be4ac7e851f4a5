// A bundle's snapshot read and rewritten as text must say what JSON.parse of it says, whatever the
// ids hold (quotes, backslashes, Arabic, the separator itself) and however it was first written
// (entries joined by the full export, or JSON.stringify of an object by an older incremental one).
import { describe, expect, it } from 'vitest';
import type { BundleKind } from './format';
import { itemKey } from './snapshot';
import { SnapshotText } from './snapshot-text';

const entries: Array<[BundleKind, string, string]> = [
  ['posts', 'p1', 'fp-one'],
  ['posts', 'a "quoted" id with \\ and \u0000', 'fp-two'],
  ['pages', 'about', 'fp-three'],
  ['posts', 'منشور', 'fp-four'],
  ['cities', 'c1', 'fp-five'],
];
const object = Object.fromEntries(entries.map(([kind, id, fingerprint]) => [itemKey(kind, id), fingerprint]));

describe('a snapshot read as text', () => {
  for (const [how, text] of [
    ['written by JSON.stringify', JSON.stringify(object)],
    ['written entry by entry', `{${Object.entries(object).map(([key, fp]) => `${JSON.stringify(key)}:${JSON.stringify(fp)}`).join(',')}}`],
  ] as const) {
    it(`finds the entries asked for and no others, ${how}`, () => {
      const snapshot = new SnapshotText(text);
      expect(Object.fromEntries(snapshot.find(() => true))).toEqual(object);
      const wanted = snapshot.find((kind, id) => kind !== 'posts' || id.startsWith('a "quoted"'));
      expect([...wanted.keys()]).toEqual([itemKey('posts', entries[1][1]), itemKey('pages', 'about'), itemKey('cities', 'c1')]);
    });

    it(`is rewritten with entries removed, changed and added as JSON.parse would have it, ${how}`, () => {
      const snapshot = new SnapshotText(text);
      const removed = new Set([itemKey('posts', entries[1][1]), itemKey('pages', 'about'), itemKey('posts', 'p1')]);
      const added = new Map([[itemKey('pages', 'about'), 'fp-new'], [itemKey('posts', 'new " one'), 'fp-six']]);
      const expected: Record<string, string> = { ...object };
      for (const key of removed) delete expected[key];
      Object.assign(expected, Object.fromEntries(added));
      const edited = snapshot.edited(removed, added);
      expect(JSON.parse(edited)).toEqual(expected);
      expect(Object.fromEntries(new SnapshotText(edited).find(() => true))).toEqual(expected);
    });
  }

  it('reads an empty snapshot, and refuses text that is not one', () => {
    expect(new SnapshotText('{}').find(() => true).size).toBe(0);
    expect(JSON.parse(new SnapshotText('{}').edited(new Set(), new Map([[itemKey('posts', 'x'), 'f']])))).toEqual({ [itemKey('posts', 'x')]: 'f' });
    expect(() => new SnapshotText('{"posts\\u0000x": "spaced"}').find(() => true)).toThrow(/not the JSON text/);
  });
});
