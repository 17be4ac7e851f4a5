import { Type, type Static } from 'typebox';
import { AltTextSchema, ImageWidthsSchema, IdSchema, PageNumberSchema, RequiredText, UploadPathSchema } from '@shared/schemas';

import { LANGUAGES, POSTS_PAGE_SIZE, POST_STATES, POST_TYPES, type Language, type PostState, type PostType } from '@shared/domain';

export { LANGUAGES, POST_STATES, POST_TYPES, type Language, type PostState, type PostType };
export const LIMITS = { titleMax: 150, videoMax: 200, picturesMax: 20, keywordMax: 200 } as const;
export const PAGE_SIZE = POSTS_PAGE_SIZE;
/** The dashboard's post list: 25 a page. */
export const MANAGE_PAGE_SIZE = 25;

// Written out literal by literal: TypeBox infers a mapped union as never.
const PostTypeSchema = Type.Union([
  Type.Literal('International'), Type.Literal('Iraq'), Type.Literal('Training'),
  Type.Literal('Guide'), Type.Literal('Form'), Type.Literal('Flyer And Brochure'),
]);
const LanguageSchema = Type.Union([Type.Literal('en'), Type.Literal('ar')]);
const PostStateSchema = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('scheduled')]);
/** An ISO-8601 time with its offset; checked further by the route (parsePublishAt). */
const PublishAtSchema = Type.Union([Type.String({ maxLength: 40, description: "ISO time with offset, e.g. 2030-07-30T00:00:00+03:00; required when state is 'scheduled'" }), Type.Null()]);
const NullableId = Type.Union([Type.String(), Type.Null()]);

export const PostBodySchema = Type.Object({
  title: RequiredText(LIMITS.titleMax),
  describtion: RequiredText(),
  image: Type.Optional(UploadPathSchema),
  /** In the post's language (a post has one). */
  imageAlt: Type.Optional(AltTextSchema),
  pictures: Type.Optional(Type.Array(UploadPathSchema, { maxItems: LIMITS.picturesMax })),
  picturesAlt: Type.Optional(Type.Array(AltTextSchema, { maxItems: LIMITS.picturesMax, description: 'One alt text per picture, in the order of pictures' })),
  video: Type.Optional(Type.String({ maxLength: LIMITS.videoMax })),
  language: LanguageSchema,
  type: PostTypeSchema,
  pdf: Type.Optional(UploadPathSchema),
  state: Type.Optional(PostStateSchema),
  publishAt: Type.Optional(PublishAtSchema),
  /** The same post in the other language; null unlinks; absent keeps the link as it is. */
  translationOf: Type.Optional(Type.Union([IdSchema, Type.Null()])),
}, { additionalProperties: false });

const PublicPostFields = {
  _id: Type.String(),
  title: Type.String(),
  describtion: Type.String(),
  image: Type.String(),
  imageAlt: Type.Union([Type.String(), Type.Null()], { description: "null = not filled in yet, '' = decorative" }),
  pictures: Type.Array(Type.String()),
  picturesAlt: Type.Array(Type.Union([Type.String(), Type.Null()]), { description: 'Same length and order as pictures' }),
  video: Type.String(),
  language: LanguageSchema,
  type: PostTypeSchema,
  pdf: Type.String(),
  state: PostStateSchema,
  views: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Set while the post is scheduled: when it becomes public (ISO, UTC). */
  publishAt: Type.Union([Type.String(), Type.Null()]),
  /** The counterpart in the other language (for visitors only when that one is public). */
  translationOf: NullableId,
  imageWidths: ImageWidthsSchema,
};
const AuthorId = Type.Union([Type.String(), Type.Null()], { description: 'Staff answers only: the user id of the author' });
const AuthorName = Type.Union([Type.String(), Type.Null()], { description: 'Staff answers only: the name of the author' });

/**
 * A post as staff read it. The names of an anti-trafficking NGO's staff are not public
 * information: public answers (lists, search, a post read without a staff token) carry no
 * author and no authorName.
 */
export const PostSchema = Type.Object({ ...PublicPostFields, author: AuthorId, authorName: AuthorName });
export const PublicPostSchema = Type.Object(PublicPostFields);
/** GET /posts/:id: author fields only for a staff caller. */
export const PostReadSchema = Type.Object({ ...PublicPostFields, author: Type.Optional(AuthorId), authorName: Type.Optional(AuthorName) });

export const PostPageSchema = Type.Object({
  posts: Type.Array(PublicPostSchema),
  pages: Type.Integer(),
  /** Search only: there are more matches than `pages` counts (the count stops at a bound). */
  more: Type.Optional(Type.Boolean({ description: 'Search only: true when more posts match than the pages counted (pages is then a lower bound)' })),
});

export const ListParamsSchema = Type.Object({ type: PostTypeSchema, language: LanguageSchema });

export const SearchQuerySchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: LIMITS.keywordMax })),
  pageNumber: Type.Optional(PageNumberSchema),
});

/** GET /api/posts/manage: the dashboard list's filters, all optional; page and q are read leniently. */
export const ManageQuerySchema = Type.Object({
  page: Type.Optional(Type.String({ maxLength: 12 })),
  q: Type.Optional(Type.String({ maxLength: LIMITS.keywordMax })),
  type: Type.Optional(PostTypeSchema),
  language: Type.Optional(LanguageSchema),
  state: Type.Optional(PostStateSchema),
  author: Type.Optional(IdSchema),
});

/** A post as the dashboard list shows it: no texts, no files. */
export const PostSummarySchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  language: LanguageSchema,
  type: PostTypeSchema,
  state: PostStateSchema,
  publishAt: Type.Union([Type.String(), Type.Null()]),
  translationOf: NullableId,
  views: Type.Integer(),
  author: NullableId,
  authorName: NullableId,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** An image or picture of the post has no text alternative yet: the list flags it. */
  altMissing: Type.Boolean(),
});

export const ManagePageSchema = Type.Object({
  posts: Type.Array(PostSummarySchema),
  total: Type.Integer(),
  pages: Type.Integer(),
  /** The search index is still being built (after an upgrade): a search may miss posts. */
  indexing: Type.Optional(Type.Boolean({ description: 'true while the search index is still being built (after an upgrade): a search may miss posts' })),
});

/** The POST/PUT body: what the lead's demo seed passes to PostsRepository.create too. */
export type NewPost = Static<typeof PostBodySchema>;
export type Post = Static<typeof PostSchema>;
export type PublicPost = Static<typeof PublicPostSchema>;
export interface PostPage { posts: PublicPost[]; pages: number; more?: boolean }
export type PostSummary = Static<typeof PostSummarySchema>;
export type ManagePage = Static<typeof ManagePageSchema>;

/** The post without the staff-only fields. */
export function publicPost(post: Post): PublicPost {
  const { author: _author, authorName: _authorName, ...shown } = post;
  return shown;
}
