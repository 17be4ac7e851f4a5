// The API's shapes for the web client, derived from the route schemas (TypeBox) that validate and
// serialize every answer: one definition, so the client cannot drift from the server. The client
// imports this file with `import type` only (a lint rule enforces it), so no server code reaches
// the browser bundle; run-time lists the client needs live in ./domain.ts.
export type { ErrorItem, ErrorBody } from '../errors';
// Post is what staff read; public pages read PublicPost, which has no author or authorName.
export type { Post, PublicPost, PostPage, NewPost as PostBody, PostSummary, ManagePage } from '../modules/posts/schema';
export type { City, Branch, CityBody } from '../modules/maps/schema';
export type { Content, ContentBody } from '../modules/content/schema';
export type { Contact as ContactItem, ContactBody } from '../modules/contact/schema';
export type { Emergency as EmergencyItem, EmergencyBody } from '../modules/emergency/schema';
export type { RatingSummary, RatingCount } from '../modules/rating/schema';
export type { User, LoginAnswer, LoginBody, CreateUserBody } from '../modules/users/schema';
export type { Summary as EventsSummary } from '../modules/events/schema';
export type { AuditEntry, AuditFacets, AuditPage } from '../modules/audit/schema';
export type { Settings } from '../modules/settings/definitions';
export type { BundlesOverview, ImportReport } from '../modules/content-bundles/schema';
export type { FiguresReport, OfficeSummary } from '../modules/office-figures/schema';
export type * from './domain';
export type * from './page-data';
