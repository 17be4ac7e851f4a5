// "Public content changed": the one signal every cache of public answers listens to (the posts'
// list and search pages, the rendered pages). Three things announce a change: a content
// repository's own write, a scheduled post coming due, and a content bundle applied. Listeners
// run inside announce(), synchronously, so a cache is already dropped when the write that
// changed it answers; each drops only what the change touches (the kind, ids, languages and, for
// posts, types). See docs/decisions.md, "One signal: public content changed" and "Caches that
// survive staff at work".
import type { Language, PostType } from '@shared/domain';

/** What visitors see, grouped as the content modules keep it. */
export type ContentKind = 'posts' | 'page-texts' | 'cities' | 'emergency' | 'contacts' | 'settings';

/**
 * Why it changed: a write (staff through the API, the demo seed, the command line), a scheduled
 * post coming due, or a content bundle applied.
 */
export type ChangeCause = 'write' | 'schedule' | 'bundle';

export interface ContentChange {
  kind: ContentKind;
  cause: ChangeCause;
  /**
   * The items changed: post, city, emergency and contact ids, page text types; empty for the
   * settings. A listener that cannot tell what an id touches drops everything of the kind.
   */
  ids: readonly string[];
  /** The languages whose pages show them: a post's own (both when it moved), both for the rest. */
  languages: readonly Language[];
  /**
   * Posts only: the types whose lists show them (before and after the change). Absent when not
   * known (a content bundle, a translation link): every type's lists are then touched.
   */
  types?: readonly PostType[];
}

export type ContentChangeListener = (change: ContentChange) => void;

const idSets = new WeakMap<ContentChange, ReadonlySet<string>>();

/**
 * Whether the change names this item. A whole bundle names 100,000 posts and every cached page is
 * asked: the ids are looked up in a set made once per change, not searched in the list each time.
 */
export function changeNames(change: ContentChange, id: string): boolean {
  let ids = idSets.get(change);
  if (!ids) idSets.set(change, (ids = new Set(change.ids)));
  return ids.has(id);
}

export const BOTH_LANGUAGES: readonly Language[] = ['en', 'ar'];

export class ContentChanges {
  private readonly listeners = new Set<ContentChangeListener>();

  /** Calls `listener` with every change from now on; answers the function that stops it. */
  listen(listener: ContentChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, before returning. */
  announce(change: ContentChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
