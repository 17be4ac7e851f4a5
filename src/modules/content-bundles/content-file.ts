// content.json written item by item: the posts arrive in batches (PublicPosts reads them in index
// order), each is written and forgotten, so making a bundle of 100,000 posts holds one batch in
// memory, never the site. The file is the same JSON document as before (its format version unchanged): an
// office of any version reads it.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { BUNDLE_KINDS, filesOfItem, type BundleContent, type BundleKind, type PostItem, type Tombstone } from './format';

/** What a bundle describes, the posts as batches to be read one after another. */
export interface ContentParts {
  posts: AsyncIterable<PostItem[]>;
  pages: BundleContent['pages'];
  cities: BundleContent['cities'];
  emergency: BundleContent['emergency'];
  contacts: BundleContent['contacts'];
  tombstones: Tombstone[];
}

/** content.json once written: where, the uploads its items show (sorted), and how many of each. */
export interface WrittenContent {
  file: string;
  uploads: string[];
  counts: Record<BundleKind | 'tombstones', number>;
}

type AnyItem = BundleContent[BundleKind][number];

/** In-memory content as parts (tests, and callers that already hold a small bundle). */
export function partsOf(content: BundleContent): ContentParts {
  return {
    posts: (async function* batches() { yield content.posts; })(),
    pages: content.pages, cities: content.cities, emergency: content.emergency, contacts: content.contacts, tombstones: content.tombstones,
  };
}

/** Writes content.json; `each` sees every item as it is written (the export's fingerprints). */
export async function writeContentFile(file: string, parts: ContentParts, each: (kind: BundleKind, item: AnyItem) => void = () => undefined): Promise<WrittenContent> {
  const out = createWriteStream(file);
  const failed = new Promise<never>((_resolve, reject) => out.once('error', reject));
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  const uploads = new Set<string>();
  const counts = { tombstones: parts.tombstones.length } as WrittenContent['counts'];
  try {
    await write('{');
    for (const kind of BUNDLE_KINDS) {
      await write(`${kind === 'posts' ? '' : ','}${JSON.stringify(kind)}:[`);
      let written = 0;
      const batches: AsyncIterable<AnyItem[]> | Iterable<AnyItem[]> = kind === 'posts' ? parts.posts : [parts[kind] as AnyItem[]];
      for await (const batch of batches) {
        for (const item of batch) {
          await write(`${written === 0 ? '' : ','}${JSON.stringify(item)}`);
          for (const path of filesOfItem(kind, item)) if (path !== '') uploads.add(path);
          each(kind, item);
          written += 1;
        }
      }
      counts[kind] = written;
      await write(']');
    }
    await write(`,"tombstones":${JSON.stringify(parts.tombstones)}}`);
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
  } catch (error) {
    out.destroy();
    throw error;
  }
  return { file, uploads: [...uploads].sort(), counts };
}
