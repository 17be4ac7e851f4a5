// content.json read item by item: a streaming JSON parser (@streamparser/json) is fed the file a
// piece at a time and hands over each item of each kind as soon as it is complete, then forgets
// it, so a bundle of 100,000 posts is never in memory, only the item being read. Each item is
// checked against its kind's schema as it comes; the document's shape ({"posts": [...], ...,
// "tombstones": [...]}, each kind once, nothing else) is followed from the parser's tokens.
import { closeSync, openSync, readSync } from 'node:fs';
import { JSONParser, TokenizerError, TokenParserError, TokenType, type ParsedTokenInfo } from '@streamparser/json';
import { Ajv, type ValidateFunction } from 'ajv';
import {
  BUNDLE_KINDS, CityItemSchema, completeItem, ContactItemSchema, EmergencyItemSchema, PageItemSchema, PostItemSchema,
  TombstoneSchema, type BundleKind, type Tombstone,
} from './format';
import { BundleRefusedError, bundleMessages, refused } from './messages';
import type { AnyItem } from './stores';

/** The document's members: each kind's items, then what an incremental bundle removes. */
export type ContentMember = BundleKind | 'tombstones';
const MEMBERS: readonly ContentMember[] = [...BUNDLE_KINDS, 'tombstones'];

/** How many items each member may hold (the schema's bounds when content.json was read whole). */
export const MEMBER_MAX_ITEMS: Record<ContentMember, number> = { posts: 100_000, pages: 10, cities: 100_000, emergency: 100_000, contacts: 100_000, tombstones: 100_000 };

/** Read a piece at a time: the parser holds at most one item besides this. */
export const READ_CHUNK_BYTES = 64 * 1024;

const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false, removeAdditional: false });
const validators: Record<ContentMember, ValidateFunction> = {
  posts: ajv.compile(PostItemSchema), pages: ajv.compile(PageItemSchema), cities: ajv.compile(CityItemSchema),
  emergency: ajv.compile(EmergencyItemSchema), contacts: ajv.compile(ContactItemSchema), tombstones: ajv.compile(TombstoneSchema),
};

export interface ContentVisitor {
  item(kind: BundleKind, item: AnyItem): void;
  tombstone(stone: Tombstone): void;
}

export interface ReadProbe {
  /** Called after each piece is parsed (tests: what the reader holds at that moment). */
  afterChunk?(bytesRead: number): void;
}

/** Follows the root object's members from the tokens: refuses any other shape before its items are read. */
class ShapeWatcher {
  private depth = 0;
  private key: string | null = null;
  private expectingValue = false;
  readonly seen = new Set<ContentMember>();

  token({ token, value }: ParsedTokenInfo): void {
    if (this.depth === 0 && token !== TokenType.LEFT_BRACE) throw refused(400, bundleMessages.badContent, 'bundle');
    if (this.depth === 1) {
      if (this.expectingValue) {
        // Each member once, a known one, and an array.
        if (token !== TokenType.LEFT_BRACKET || !MEMBERS.includes(this.key as ContentMember) || this.seen.has(this.key as ContentMember)) {
          throw refused(400, bundleMessages.badContent, 'bundle');
        }
        this.seen.add(this.key as ContentMember);
        this.expectingValue = false;
      } else if (token === TokenType.STRING) {
        this.key = value as string;
      } else if (token === TokenType.COLON) {
        this.expectingValue = true;
      }
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) this.depth += 1;
    else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) this.depth -= 1;
  }
}

/**
 * Reads content.json item by item and hands each checked item (completed with what a version 1
 * bundle lacks) to the visitor, in the file's order. Throws BundleRefusedError: `damaged` for
 * what is not JSON (a truncated file), `badContent` for JSON of another shape or an item its
 * schema refuses. Synchronous: it runs in the import's worker thread, or on the command line.
 */
export function readContent(file: string, visitor: ContentVisitor, probe: ReadProbe = {}): void {
  const parser = new JSONParser({ paths: ['$.*.*'], keepStack: false, stringBufferSize: READ_CHUNK_BYTES });
  const shape = new ShapeWatcher();
  const counts = Object.fromEntries(MEMBERS.map((member) => [member, 0])) as Record<ContentMember, number>;
  let failure: unknown = null;
  parser.onToken = (token) => shape.token(token);
  parser.onValue = ({ value, stack }) => {
    const member = stack[1]?.key as ContentMember;
    counts[member] += 1;
    if (counts[member] > MEMBER_MAX_ITEMS[member] || !validators[member](value)) throw refused(400, bundleMessages.badContent, 'bundle');
    if (member === 'tombstones') visitor.tombstone(value as Tombstone);
    else visitor.item(member, completeItem(member, value as never));
  };
  parser.onError = (error) => { failure ??= error; };
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let total = 0;
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      if (parser.isEnded) throw refused(400, bundleMessages.damaged, 'bundle'); // bytes after the document
      parser.write(buffer.subarray(0, read));
      if (failure) throw failure;
      total += read;
      probe.afterChunk?.(total);
    }
  } catch (error) {
    throw asRefusal(error);
  } finally {
    closeSync(fd);
  }
  if (!parser.isEnded) throw refused(400, bundleMessages.damaged, 'bundle'); // cut short
  if (shape.seen.size !== MEMBERS.length) throw refused(400, bundleMessages.badContent, 'bundle');
}

/** The parser's own errors (not JSON, cut in the middle of a token) are a damaged file. */
function asRefusal(error: unknown): unknown {
  if (error instanceof BundleRefusedError) return error;
  if (error instanceof TokenizerError || error instanceof TokenParserError) return refused(400, bundleMessages.damaged, 'bundle');
  return error;
}
