// Where a bundle's items live at this site: each kind in its own content module, read and written
// through that module's record store, inside the bundle's transaction. This file only matches the
// bundle's kinds to those stores; the SQL stays in the modules.
import type SQLite from 'better-sqlite3';
import type { RecordTable } from '../../db/record-table';
import { contactRecords, type ContactRecord } from '../contact/record-store';
import { pageTextRecords, type PageTextRecord } from '../content/record-store';
import { emergencyRecords, type EmergencyRecord } from '../emergency/record-store';
import { CityRecordStore } from '../maps/record-store';
import { PostRecordStore } from '../posts/record-store';
import type { Post } from '../posts/schema';
import type { BundleContent, BundleKind, CityItem, ContactItem, EmergencyItem, PageItem, PostItem } from './format';

/** The record stores of the content modules (app.repositories.records). */
export interface ContentRecords {
  posts: PostRecordStore;
  pageTexts: RecordTable<PageTextRecord>;
  cities: CityRecordStore;
  emergency: RecordTable<EmergencyRecord>;
  contacts: RecordTable<ContactRecord>;
}

/** The record stores over one connection (the app's, or an import worker's). */
export function contentRecords(sqlite: SQLite.Database): ContentRecords {
  return {
    posts: new PostRecordStore(sqlite),
    pageTexts: pageTextRecords(sqlite),
    cities: new CityRecordStore(sqlite),
    emergency: emergencyRecords(sqlite),
    contacts: contactRecords(sqlite),
  };
}

export type AnyItem = PostItem | PageItem | CityItem | EmergencyItem | ContactItem;

export interface LocalItem {
  item: AnyItem;
  /** A post this office keeps unpublished (a draft, or scheduled): bundles leave it alone. */
  draft: boolean;
}

/** The office's own version of an item, in the bundle's shape. */
export function localItem(records: ContentRecords, kind: BundleKind, id: string): LocalItem | undefined {
  if (kind === 'posts') {
    const found = records.posts.find(id);
    return found && { item: found.record, draft: !found.published };
  }
  const item = kind === 'pages' ? records.pageTexts.find(id) : records[kind].find(id);
  return item && { item, draft: false };
}

/** Creates or replaces an item under its own id. */
export function writeItem(records: ContentRecords, kind: BundleKind, item: AnyItem, exists: boolean): void {
  switch (kind) {
    case 'posts': return records.posts.put(item as PostItem, exists);
    case 'pages': return records.pageTexts.put(item as PageItem);
    case 'cities': return records.cities.put(item as CityItem, exists);
    case 'emergency': return records.emergency.put(item as EmergencyItem);
    case 'contacts': return records.contacts.put(item as ContactItem);
  }
}

export function deleteItem(records: ContentRecords, kind: BundleKind, id: string): void {
  (kind === 'pages' ? records.pageTexts : records[kind]).remove(id);
}

/** A visible post (PublicPosts' answer, with its author) as a bundle item. */
export function postItemOf(post: Post): PostItem {
  return {
    id: post._id, title: post.title, description: post.describtion, image: post.image, imageAlt: post.imageAlt,
    pictures: post.pictures, picturesAlt: post.picturesAlt, video: post.video, language: post.language, type: post.type,
    pdf: post.pdf, views: post.views, authorId: post.author, authorName: post.authorName,
    createdAt: post.createdAt, updatedAt: post.updatedAt, translationOf: post.translationOf,
  };
}

/** Everything a full bundle describes besides the posts: page texts, cities with branches, emergency and contact entries. */
export function publicRecords(records: ContentRecords): Omit<BundleContent, 'posts' | 'tombstones'> {
  return { pages: records.pageTexts.all(), cities: records.cities.all(), emergency: records.emergency.all(), contacts: records.contacts.all() };
}
