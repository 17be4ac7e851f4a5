// Every repository, built once over the app's database and shared as app.repositories (the
// fastify/demo way), with the content-changes signal they announce their writes on
// (app.contentChanges). Routes, services, start-up work and the command line all use these same
// objects: nothing keeps state per database anywhere else.
import fp from 'fastify-plugin';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { ContentChanges } from '../content-changes';
import type { Database } from '../db/schema';
import { AuditRepository } from './audit/repository';
import { ContactsRepository } from './contact/repository';
import { ContentBundleRepository } from './content-bundles/repository';
import { contentRecords } from './content-bundles/stores';
import { ContentRepository } from './content/repository';
import { EmergencyRepository } from './emergency/repository';
import { EventsRepository } from './events/repository';
import { CitiesRepository } from './maps/repository';
import { OfficeFiguresRepository } from './office-figures/repository';
import { PostsManageRepository } from './posts/manage-repository';
import { PostsRepository } from './posts/repository';
import { PostSearchIndex } from './posts/search-index';
import { RatingRepository } from './rating/repository';
import { SettingsRepository } from './settings/repository';
import { UsersRepository } from './users/repository';
import { DailyDigestsRepository } from './visitor/digests-repository';
import { VisitorRepository } from './visitor/repository';

export function buildRepositories(db: Kysely<Database>, sqlite: SQLite.Database, changes: ContentChanges) {
  const postsSearch = new PostSearchIndex(sqlite);
  return {
    audit: new AuditRepository(db),
    users: new UsersRepository(db),
    posts: new PostsRepository(db, changes, postsSearch, sqlite),
    postsManage: new PostsManageRepository(sqlite, postsSearch),
    /** The posts' search index, read by the dashboard's list and the public search (posts/search-index.ts). */
    postsSearch,
    content: new ContentRepository(db, changes),
    cities: new CitiesRepository(db, changes),
    emergency: new EmergencyRepository(db, changes),
    contacts: new ContactsRepository(db, changes),
    settings: new SettingsRepository(db, changes),
    rating: new RatingRepository(db),
    events: new EventsRepository(db),
    visitors: new VisitorRepository(db),
    dailyDigests: new DailyDigestsRepository(db),
    contentBundles: new ContentBundleRepository(db, sqlite),
    officeFigures: new OfficeFiguresRepository(db, sqlite),
    /** Whole records of each content kind, read and written synchronously inside one transaction (content bundles). */
    records: contentRecords(sqlite),
  };
}

export type Repositories = ReturnType<typeof buildRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
    /** "Public content changed": see src/content-changes.ts. */
    contentChanges: ContentChanges;
    /** The audit log, which every module writes to: app.repositories.audit under a short name. */
    audit: AuditRepository;
  }
}

export default fp(async (app) => {
  const changes = new ContentChanges();
  const repositories = buildRepositories(app.db, app.sqlite, changes);
  app.decorate('contentChanges', changes);
  app.decorate('repositories', repositories);
  app.decorate('audit', repositories.audit);
}, { name: 'repositories', dependencies: ['database'] });
