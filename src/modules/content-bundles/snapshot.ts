// What changed since a bundle: headquarters keeps, for every bundle it makes, the fingerprint
// (sha256 of the canonical JSON) of every item the bundle described. An incremental bundle holds
// the items whose fingerprint is new or different, and a tombstone for every item that was
// described then and is gone now (deleted, or no longer published); make-bundle.ts compares the
// posts the change log names, and the other kinds whole. The snapshot is kept as JSON text, an
// object of "kind\u0000id" -> fingerprint (snapshot-text.ts reads it).
import { createHash } from 'node:crypto';
import type { BundleKind } from './format';

export function itemKey(kind: BundleKind, id: string): string {
  return `${kind}\u0000${id}`;
}

export function splitItemKey(key: string): { kind: BundleKind; id: string } {
  const cut = key.indexOf('\u0000');
  return { kind: key.slice(0, cut) as BundleKind, id: key.slice(cut + 1) };
}

/** JSON with object keys sorted, so equal items always give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What an item says, without the post view count: views change on every read and are not content. */
export function contentOf(item: object): object {
  if ('views' in item) {
    const { views: _views, ...rest } = item as { views: unknown };
    return rest;
  }
  return item;
}

/** A post's translation link is applied on its own, after every post is in (see apply.ts). */
function withoutLink(item: object): object {
  if ('translationOf' in item) {
    const { translationOf: _link, ...rest } = item as { translationOf: unknown };
    return rest;
  }
  return item;
}

/** Whether applying `b` over `a` would change the item's own row (its link aside). */
export function sameContent(a: object, b: object): boolean {
  return canonicalJson(withoutLink(contentOf(a))) === canonicalJson(withoutLink(contentOf(b)));
}

export function fingerprintOf(item: object): string {
  return createHash('sha256').update(canonicalJson(contentOf(item))).digest('base64url').slice(0, 22);
}
