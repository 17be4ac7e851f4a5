// A bundle's snapshot as the JSON text recorded with it ({"kind\u0000id": fingerprint, ...}), read
// and rewritten without parsing it whole. An incremental bundle compares only the items it names
// (the posts the change log names, and the few page texts, places, numbers and contacts): it looks
// up their entries in one pass over the text, and the snapshot after it is the old text with those
// entries taken out and their new ones written after. At 100,000 posts JSON.parse of the whole
// object took 250 ms and 20 MB of the worker's heap, and writing it back 120 ms more.
import type { BundleKind } from './format';
import { itemKey } from './snapshot';

/** "kind\u0000id" as JSON writes it inside a key: the separator escaped. */
const SEPARATOR = '\\u0000';
/** One entry: its key (escaped as JSON writes it) and its fingerprint, then a comma or the end. */
const ENTRY = /"((?:[^"\\]|\\.)*)":"((?:[^"\\]|\\.)*)"[,}]/y;

interface Entry { key: string; fingerprint: string; start: number; end: number }

export class SnapshotText {
  constructor(private readonly text: string) {}

  private *entries(): Generator<Entry & { kind: string; rawId: string }> {
    if (this.text === '{}') return;
    const entry = new RegExp(ENTRY);
    entry.lastIndex = 1;
    let start = entry.lastIndex;
    for (let match = entry.exec(this.text); match; start = entry.lastIndex, match = entry.exec(this.text)) {
      const [, rawKey, fingerprint] = match;
      const cut = rawKey.indexOf(SEPARATOR);
      yield { kind: rawKey.slice(0, cut), rawId: rawKey.slice(cut + SEPARATOR.length), key: rawKey, fingerprint, start, end: entry.lastIndex };
    }
    // Every snapshot is written by JSON.stringify or as its entries joined: nothing else may follow.
    if (start !== this.text.length) throw new Error('a bundle snapshot that is not the JSON text of its entries');
  }

  /** The fingerprints of the entries `wanted` names, by item key (itemKey), in the text's order. */
  find(wanted: (kind: BundleKind, id: string) => boolean): Map<string, string> {
    const found = new Map<string, string>();
    for (const entry of this.entries()) {
      const id = entry.rawId.includes('\\') ? JSON.parse(`"${entry.rawId}"`) as string : entry.rawId;
      if (wanted(entry.kind as BundleKind, id)) found.set(itemKey(entry.kind as BundleKind, id), entry.fingerprint);
    }
    return found;
  }

  /** The text without the entries of `removed` (item keys), and with `added` written after the rest. */
  edited(removed: ReadonlySet<string>, added: ReadonlyMap<string, string>): string {
    const removedRaw = new Set([...removed].map((key) => JSON.stringify(key).slice(1, -1)));
    const kept: string[] = [];
    let runStart = -1;
    let runEnd = -1;
    for (const entry of this.entries()) {
      if (removedRaw.has(entry.key)) continue;
      // Consecutive kept entries are copied as one piece of the text.
      if (runStart >= 0 && entry.start === runEnd) { runEnd = entry.end; continue; }
      if (runStart >= 0) kept.push(this.text.slice(runStart, runEnd - 1));
      runStart = entry.start;
      runEnd = entry.end;
    }
    if (runStart >= 0) kept.push(this.text.slice(runStart, runEnd - 1));
    for (const [key, fingerprint] of added) kept.push(`${JSON.stringify(key)}:${JSON.stringify(fingerprint)}`);
    return `{${kept.join(',')}}`;
  }
}
