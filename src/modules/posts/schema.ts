import { Type, type Static } from 'typebox';
import { AltTextSchema, PageNumberSchema, RequiredText, UploadPathSchema } from '@shared/schemas';

import { POST_LANGUAGES, POST_STATES, POST_TYPES, type PostLanguage, type PostState, type PostType } from '@shared/domain';

export { POST_LANGUAGES, POST_STATES, POST_TYPES, type PostLanguage, type PostState, type PostType };
export const LIMITS = { titleMax: 150, videoMax: 200, picturesMax: 20, keywordMax: 200 } as const;
export const PAGE_SIZE = 9;

// Written out literal by literal: TypeBox infers a mapped union as never.
const PostTypeSchema = Type.Union([
  Type.Literal('International'), Type.Literal('Iraq'), Type.Literal('Training'),
  Type.Literal('Guide'), Type.Literal('Form'), Type.Literal('Flyer And Brochure'),
]);
const PostLanguageSchema = Type.Union([Type.Literal('en'), Type.Literal('ar')]);
const PostStateSchema = Type.Union([Type.Literal('draft'), Type.Literal('published')]);

export const PostBodySchema = Type.Object({
  title: RequiredText(LIMITS.titleMax),
  describtion: RequiredText(),
  image: Type.Optional(UploadPathSchema),
  /** In the post's language (a post has one). */
  imageAlt: Type.Optional(AltTextSchema),
  pictures: Type.Optional(Type.Array(UploadPathSchema, { maxItems: LIMITS.picturesMax })),
  picturesAlt: Type.Optional(Type.Array(AltTextSchema, { maxItems: LIMITS.picturesMax, description: 'One alt text per picture, in the order of pictures' })),
  video: Type.Optional(Type.String({ maxLength: LIMITS.videoMax })),
  language: PostLanguageSchema,
  type: PostTypeSchema,
  pdf: Type.Optional(UploadPathSchema),
  state: Type.Optional(PostStateSchema),
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
  language: PostLanguageSchema,
  type: PostTypeSchema,
  pdf: Type.String(),
  state: PostStateSchema,
  views: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
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

export const PostPageSchema = Type.Object({ posts: Type.Array(PublicPostSchema), pages: Type.Integer() });

export const ListParamsSchema = Type.Object({ type: PostTypeSchema, language: PostLanguageSchema });

export const SearchQuerySchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: LIMITS.keywordMax })),
  pageNumber: Type.Optional(PageNumberSchema),
});

/** The POST/PUT body: what the lead's demo seed passes to PostsRepository.create too. */
export type NewPost = Static<typeof PostBodySchema>;
export type Post = Static<typeof PostSchema>;
export type PublicPost = Static<typeof PublicPostSchema>;
export interface PostPage { posts: PublicPost[]; pages: number }

/** The post without the staff-only fields. */
export function publicPost(post: Post): PublicPost {
  const { author: _author, authorName: _authorName, ...shown } = post;
  return shown;
}
