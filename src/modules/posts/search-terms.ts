// The words of the posts' search index (search-index.ts), so that a search for a prefix can ask
// FTS5 for the few words it stands for instead of the prefix itself. FTS5 answers a prefix
// ("traffick"*) by merging the lists of every post holding each word that starts so, all of them,
// before it reads the first one newest first: 2.6 ms at 100,000 posts for a word in half of them,
// against 0.05 ms for the same word asked whole ("trafficking" OR "trafficked"), read lazily and
// stopped after the page (docs/decisions.md, "Search words expanded from the index's vocabulary").
//
// The words live in a temporary table of the connection, never in the database file: they are read
// from the index itself at each start (FTS5's own vocabulary, in slices while the server answers)
// and every post indexed afterwards adds its words through a small contentless FTS5 table with the
// same tokenizer, so the words are FTS5's own tokens, folded as the index folds them. A word that
// no longer occurs costs nothing: asked, it finds no post.
import type SQLite from 'better-sqlite3';
import { preparedOnce } from '../../db/statements';

/** A prefix that stands for more words than this is asked as a prefix, as before. */
export const MAX_EXPANSIONS = 16;
/** One slice of the start's reading of the vocabulary holds the server at most this long. */
const SLICE_MS = 20;
/** The code point above every other: `word + LAST` bounds the words that start with `word`. */
const LAST = '\u{10FFFF}';

/** The tokenizer of posts_manage_search (migration 006): the noted texts must be cut the same way. */
const TOKENIZER = "tokenize = 'unicode61 remove_diacritics 2'";

const SQL = {
  expansions: 'SELECT term FROM temp.search_terms WHERE term >= ? AND term < ? LIMIT ?',
  // Words are read from the index in their order, from after the last one a slice reached.
  indexWordsAfter: 'SELECT term FROM temp.search_terms_of_index WHERE term > ? ORDER BY term',
  keep: 'INSERT OR IGNORE INTO temp.search_terms (term) VALUES (?)',
  note: 'INSERT INTO temp.search_terms_noted (title, description) VALUES (?, ?)',
  keepNoted: 'INSERT OR IGNORE INTO temp.search_terms (term) SELECT term FROM temp.search_terms_of_noted',
  forgetNoted: "INSERT INTO temp.search_terms_noted (search_terms_noted) VALUES ('delete-all')",
} as const;

export class SearchTerms {
  private readonly statement;
  /** Where the start's reading of the index's words has reached; null once every word is known. */
  private readFrom: string | null = '';
  private reading: Promise<void> | null = null;
  private noted = false;
  private readonly keepAll: (words: string[]) => void;

  constructor(private readonly sqlite: SQLite.Database) {
    sqlite.exec(`CREATE TEMP TABLE IF NOT EXISTS search_terms (term TEXT PRIMARY KEY) WITHOUT ROWID;
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_terms_of_index USING fts5vocab(main, posts_manage_search, row);
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_terms_noted USING fts5(title, description, content = '', ${TOKENIZER});
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_terms_of_noted USING fts5vocab(temp, search_terms_noted, row);`);
    this.statement = preparedOnce(sqlite);
    this.keepAll = sqlite.transaction((words: string[]) => {
      for (const word of words) this.statement(SQL.keep).run(word);
    });
  }

  /** True once every word of the index is known (the start's reading is done). */
  get complete(): boolean {
    return this.readFrom === null;
  }

  /**
   * The words of the index that start with `word` (a normalised search word), or null when the
   * prefix must be asked as such: the vocabulary is still being read, no word starts so (the
   * index may fold `word` differently, and FTS5 knows how), or more than MAX_EXPANSIONS do.
   */
  expansionsOf(word: string): string[] | null {
    if (!this.complete) return null;
    const terms = (this.statement(SQL.expansions).all(word, word + LAST, MAX_EXPANSIONS + 1) as Array<{ term: string }>).map((row) => row.term);
    return terms.length === 0 || terms.length > MAX_EXPANSIONS ? null : terms;
  }

  /** A post's texts as they were just indexed: their words are kept at the next keepNoted(). */
  note(title: string, description: string): void {
    this.statement(SQL.note).run(title, description);
    this.noted = true;
  }

  /** Keeps the words of the texts noted since the last call (inside the indexing transaction). */
  keepNoted(): void {
    if (!this.noted) return;
    this.statement(SQL.keepNoted).run();
    this.statement(SQL.forgetNoted).run();
    this.noted = false;
  }

  /**
   * Reads the index's words in the background, in slices of at most SLICE_MS, each followed by a
   * turn of the event loop; until it is done, expansionsOf() answers null and searches ask prefixes.
   */
  read(onError: (error: unknown) => void = () => undefined): Promise<void> {
    this.reading ??= (async () => {
      try {
        while (this.sqlite.open && this.readFrom !== null) {
          await new Promise((resolve) => setImmediate(resolve));
          if (this.sqlite.open) this.readSlice(SLICE_MS);
        }
      } catch (error) {
        if (this.sqlite.open) onError(error);
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** Reads words from where the last slice stopped until `budgetMs` have passed or none is left. */
  private readSlice(budgetMs: number): void {
    // Never inside another's transaction (a Kysely one awaiting between turns): its rollback would
    // take the words of this slice with it while the reading went on past them.
    if (this.readFrom === null || this.sqlite.inTransaction) return;
    const started = performance.now();
    // Collected first, kept after: the connection runs nothing else while a statement iterates.
    const words: string[] = [];
    let finished = true;
    for (const { term } of this.statement(SQL.indexWordsAfter).iterate(this.readFrom) as IterableIterator<{ term: string }>) {
      words.push(term);
      if (performance.now() - started >= budgetMs) {
        finished = false;
        break;
      }
    }
    this.keepAll(words);
    this.readFrom = finished ? null : words[words.length - 1];
  }
}
