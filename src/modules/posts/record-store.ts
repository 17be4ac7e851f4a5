// Whole posts, read and written as records with every field a copy at another site needs: what
// content bundles carry from headquarters to field offices. Synchronous better-sqlite3 statements,
// so a bundle applies inside one transaction in one turn of the event loop (no request sees half
// of it); the caller announces the change once the transaction is done. What visitors may see is
// not decided here: a bundle reads the posts it sends through PublicPosts.
import type SQLite from 'better-sqlite3';
import { preparedOnce } from '../../db/statements';
import { albumColumns, albumOf } from './pictures';
import type { Language, PostType } from './schema';

export interface PostRecord {
  id: string;
  title: string;
  description: string;
  image: string;
  imageAlt: string | null;
  pictures: string[];
  picturesAlt: Array<string | null>;
  video: string;
  language: Language;
  type: PostType;
  pdf: string;
  views: number;
  /** The author at the site that wrote the post (a user there, not necessarily here). */
  authorId: string | null;
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
  translationOf: string | null;
}

/** A post's state, language and stored translation link. */
export interface PostLink {
  state: string;
  language: string;
  translationOf: string | null;
}

interface PostRecordRow {
  id: string; title: string; description: string; image: string; image_alt: string | null; pictures: string; pictures_alt: string; video: string;
  language: Language; type: PostType; pdf: string; state: string; views: number;
  author: string | null; author_name: string | null; created_at: string; updated_at: string; translation_of: string | null;
}

const SQL = {
  find: `SELECT p.id, p.title, p.description, p.image, p.image_alt, p.pictures, p.pictures_alt, p.video, p.language, p.type, p.pdf, p.state, p.views,
    coalesce(p.author_id, p.bundle_author_id) AS author, coalesce(u.name, p.bundle_author_name) AS author_name, p.created_at, p.updated_at, p.translation_of
    FROM posts p LEFT JOIN users u ON u.id = p.author_id WHERE p.id = ?`,
  // A copied post is published, has no user here as author, and keeps its author at the source.
  update: `UPDATE posts SET title = ?, description = ?, image = ?, image_alt = ?, pictures = ?, pictures_alt = ?, video = ?, language = ?, type = ?, pdf = ?,
    state = 'published', author_id = NULL, bundle_author_id = ?, bundle_author_name = ?, created_at = ?, updated_at = ? WHERE id = ?`,
  insert: `INSERT INTO posts (id, title, description, image, image_alt, pictures, pictures_alt, video, language, type, pdf, state, views, author_id,
    bundle_author_id, bundle_author_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'published', ?, NULL, ?, ?, ?, ?)`,
  remove: 'DELETE FROM posts WHERE id = ?',
  link: 'SELECT state, language, translation_of AS translationOf FROM posts WHERE id = ?',
  linkedTo: 'SELECT id FROM posts WHERE translation_of = ?',
  setLink: 'UPDATE posts SET translation_of = ? WHERE id = ?',
} as const;

export class PostRecordStore {
  private readonly statement;

  constructor(sqlite: SQLite.Database) {
    this.statement = preparedOnce(sqlite);
  }

  /** The post as stored, and whether it is published (a draft or a scheduled post is the site's own business). */
  find(id: string): { record: PostRecord; published: boolean } | undefined {
    const row = this.statement(SQL.find).get(id) as PostRecordRow | undefined;
    if (!row) return undefined;
    return {
      record: {
        id: row.id, title: row.title, description: row.description, image: row.image, imageAlt: row.image_alt,
        ...albumOf(row), video: row.video, language: row.language, type: row.type,
        pdf: row.pdf, views: row.views, authorId: row.author, authorName: row.author_name,
        createdAt: row.created_at, updatedAt: row.updated_at, translationOf: row.translation_of,
      },
      published: row.state === 'published',
    };
  }

  /**
   * Creates or replaces the post under its own id, published. A new post arrives with the
   * source's view count; a replaced one keeps its own. Its translation link is set apart (setLink).
   */
  put(post: PostRecord, exists: boolean): void {
    const { pictures, pictures_alt } = albumColumns(post);
    const texts = [post.title, post.description, post.image, post.imageAlt, pictures, pictures_alt, post.video, post.language, post.type, post.pdf];
    // The search index learns of it through its queue (a trigger), before the next search.
    if (exists) this.statement(SQL.update).run(...texts, post.authorId, post.authorName, post.createdAt, post.updatedAt, post.id);
    else this.statement(SQL.insert).run(post.id, ...texts, post.views, post.authorId, post.authorName, post.createdAt, post.updatedAt);
  }

  remove(id: string): void {
    this.statement(SQL.remove).run(id);
  }

  link(id: string): PostLink | undefined {
    return this.statement(SQL.link).get(id) as PostLink | undefined;
  }

  /** The posts whose link names this one (at most one while links are kept both ways). */
  linkedTo(id: string): string[] {
    return (this.statement(SQL.linkedTo).all(id) as Array<{ id: string }>).map((row) => row.id);
  }

  setLink(id: string, counterpartId: string | null): void {
    this.statement(SQL.setLink).run(counterpartId, id);
  }
}
