import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { apiError } from '../../errors';
import type { CurrentUser } from '../../plugins/auth';
import { PUBLIC_BODY_LIMIT } from '@shared/body-limits';
import { DeletedSchema, IdParamsSchema, PageQuerySchema, errorResponses, pageNumberFrom } from '@shared/schemas';
import { changedFields } from '../audit/repository';
import { removeUnreferencedUploads } from '../uploads/storage';
import { clientOf } from '../visitor/client';
import { postMessages } from './messages';
import {
  ListParamsSchema, ManagePageSchema, ManageQuerySchema, PostBodySchema, PostPageSchema, PostReadSchema, PostSchema, SearchQuerySchema,
  type NewPost, type Post, type Language,
} from './schema';
import type { PostPageJson } from './public-posts';
import { checkedSchedule } from './schedule';
import { picturesOfPost } from '../uploads/widths';

/** The fields staff edit: what the audit log compares. */
function editableFields(post: Post): Record<string, unknown> {
  const { title, describtion, image, imageAlt, pictures, picturesAlt, video, language, type, pdf, state, publishAt, translationOf } = post;
  return { title, describtion, image, imageAlt, pictures, picturesAlt, video, language, type, pdf, state, publishAt, translationOf };
}

function filesOf(post: Post): string[] {
  return [post.image, post.pdf, ...post.pictures].filter((path) => path !== '');
}

function canManage(user: CurrentUser | null, post: Post): boolean {
  return !!user && (user.isAdmin || post.author === user.id);
}

function isStaff(user: CurrentUser | null): boolean {
  return !!user && (user.isAdmin || user.isAuthor);
}

/** Hot public pages are sent as the JSON the cache already holds (same shape as PostPageSchema). */
function sendJson(reply: FastifyReply, json: PostPageJson): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const postsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { posts, postsManage: manage, postsSearch } = app.repositories;
  const { publicPosts, scheduledPosts } = app;
  const security = [{ bearerAuth: [] }];
  const tags = ['posts'];
  // After a migration (or anything written while the server was stopped) the search index is
  // brought up to date now, or in the background when much is queued: the server answers at once.
  postsSearch.start((error) => app.log.error({ err: error }, 'indexing posts for search failed'));
  // Staff read and change posts as they are now: a post whose time has come is published first.
  app.addHook('onRequest', async () => {
    if (scheduledPosts.mayBeDue()) await scheduledPosts.publishDue();
  });

  /** The post behind :id for a change by this user: 404 unknown, 403 someone else's. */
  async function postToManage(id: string, user: CurrentUser): Promise<Post> {
    const post = await posts.findById(id);
    if (!post) throw apiError(404, postMessages.postNotFound, 'id');
    if (!canManage(user, post)) throw apiError(403, postMessages.notOwner, 'id');
    return post;
  }

  /**
   * The counterpart named in a body, checked: another existing post, in the other language, that
   * this user may edit too, and not already linked to a third post.
   */
  async function checkedCounterpart(counterpartId: string, language: Language, user: CurrentUser, selfId: string | null): Promise<Post> {
    if (counterpartId === selfId) throw apiError(400, postMessages.translationSelf, 'translationOf');
    const counterpart = await posts.findById(counterpartId);
    if (!counterpart) throw apiError(400, postMessages.translationNotFound, 'translationOf');
    if (!canManage(user, counterpart)) throw apiError(403, postMessages.translationNotOwner, 'translationOf');
    if (counterpart.language === language) throw apiError(400, postMessages.translationSameLanguage, 'translationOf');
    if (counterpart.translationOf !== null && counterpart.translationOf !== selfId) throw apiError(409, postMessages.translationTaken, 'translationOf');
    return counterpart;
  }

  /** Applies the body's translationOf (absent: unchanged) and audits the other posts it changed. */
  async function applyTranslation(user: CurrentUser, postId: string, translationOf: string | null | undefined): Promise<void> {
    if (translationOf === undefined) return;
    const others = await posts.linkTranslation(postId, translationOf);
    const titles = new Map((await posts.titlesOf(others.map((other) => other.id))).map((other) => [other.id, other.title]));
    for (const other of others) {
      await app.audit.record(user, 'update', 'post', other.id, changedFields({ translationOf: other.from }, { translationOf: other.to }), titles.get(other.id) ?? null);
    }
  }

  /** The body's schedule and translation rules, for a new post (before undefined) or a change. */
  async function checkedBody(body: NewPost, user: CurrentUser, before?: Post): Promise<NewPost> {
    const schedule = checkedSchedule(body, before);
    if (body.translationOf) {
      await checkedCounterpart(body.translationOf, body.language, user, before?._id ?? null);
    } else if (body.translationOf === undefined && before?.translationOf) {
      // The link stays: the post may not move into its counterpart's language.
      const counterpart = await posts.findById(before.translationOf);
      if (counterpart?.language === body.language) throw apiError(400, postMessages.translationSameLanguage, 'translationOf');
    }
    return { ...body, ...schedule };
  }

  // Static paths (/s, /author, /manage) win over /:id in Fastify's router whatever the order; they are
  // declared first anyway so the intent reads from top to bottom.
  app.get('/posts/s', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'Search published posts (Arabic and English), newest first', querystring: SearchQuerySchema, response: { 200: PostPageSchema, ...errorResponses } },
  }, async (request, reply) => {
    const found = await publicPosts.searchPage(request.query.keyword ?? '', pageNumberFrom(request.query.pageNumber));
    return sendJson(reply, found);
  });

  app.get('/posts/author', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: "The caller's posts, drafts included (all posts for an admin)", security, response: { 200: Type.Array(PostSchema), ...errorResponses } },
  }, async (request) => posts.listForAuthor(request.currentUser!));

  app.get('/posts/manage', {
    onRequest: app.requireAuthor,
    schema: {
      tags,
      summary: "The dashboard's post list: 25 a page, newest first, summaries without texts; search (q) and filters combine; an author sees their own posts only, an admin every post (author filters)",
      security,
      querystring: ManageQuerySchema,
      response: { 200: ManagePageSchema, ...errorResponses },
    },
  }, async (request) => {
    const user = request.currentUser!;
    const { q, type, language, state, author } = request.query;
    return manage.page({ q: q?.trim() || undefined, type, language, state, author: user.isAdmin ? author : user.id }, pageNumberFrom(request.query.page));
  });

  app.get('/posts/:type/:language', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'Published posts of one type and language, 9 a page, newest first', params: ListParamsSchema, querystring: PageQuerySchema, response: { 200: PostPageSchema, ...errorResponses } },
  }, async (request, reply) => {
    const listed = await publicPosts.listPage(request.params.type, request.params.language, pageNumberFrom(request.query.pageNumber));
    return sendJson(reply, listed);
  });

  app.get('/posts/:id', {
    onRequest: app.identifyIfPossible,
    // Each read counts a view: asked again every time, never answered from a cache.
    config: { httpCache: 'revalidate' },
    schema: { tags, summary: "One post: published ones for anyone, drafts with the owner's or an admin's token; author and authorName only with a staff token", params: IdParamsSchema, response: { 200: PostReadSchema, ...errorResponses } },
  }, async (request, reply) => {
    const user = request.currentUser;
    // The owner (or an admin) reads the post as stored, drafts included; staff previewing their
    // work do not count as views.
    if (user) {
      const own = await posts.findById(request.params.id);
      if (own && canManage(user, own)) return own;
    }
    if (!isStaff(user)) {
      // Visitors get the answer kept encoded (public-posts.ts), read again once their view is counted.
      const answer = await publicPosts.answer(request.params.id);
      if (!answer) throw apiError(404, postMessages.postNotFound, 'id');
      if (!(await app.dailyDigests.sight('view', request.params.id, ...clientOf(request))).firstToday) return sendJson(reply, answer);
      await publicPosts.countView(request.params.id);
      return sendJson(reply, (await publicPosts.answer(request.params.id)) ?? answer);
    }
    const post = await publicPosts.find(request.params.id);
    if (!post) throw apiError(404, postMessages.postNotFound, 'id');
    // Views count public reads, at most once a day per client and post (nothing about the
    // client is stored, see visitor/daily-digests.ts).
    if ((await app.dailyDigests.sight('view', post._id, ...clientOf(request))).firstToday) {
      await publicPosts.countView(post._id);
      post.views += 1;
    }
    return app.uploadWidths.annotate(post, picturesOfPost(post));
  });

  // A post page rendered by the server (perhaps answered by a proxy's cache) reads no API: the
  // browser counts its view here once the page runs.
  app.post('/posts/:id/view', {
    onRequest: app.publicWriteLimit,
    bodyLimit: PUBLIC_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Count one view of a published post (sent by its page); like a read, at most once a day per client',
      params: IdParamsSchema,
      response: { 204: Type.Null({ description: 'Counted, or already counted today for this client' }), ...errorResponses },
    },
  }, async (request, reply) => {
    if (!(await publicPosts.isVisible(request.params.id))) throw apiError(404, postMessages.postNotFound, 'id');
    if ((await app.dailyDigests.sight('view', request.params.id, ...clientOf(request))).firstToday) await publicPosts.countView(request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/posts', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Create a post (author)', security, body: PostBodySchema, response: { 201: PostSchema, ...errorResponses } },
  }, async (request, reply) => {
    const user = request.currentUser!;
    const body = await checkedBody(request.body, user);
    const created = await posts.create(body, user.id);
    await applyTranslation(user, created._id, body.translationOf);
    const saved = (await posts.findById(created._id)) ?? created;
    await app.audit.record(user, 'create', 'post', saved._id, changedFields({}, editableFields(saved)), saved.title);
    return reply.status(201).send(saved);
  });

  app.put('/posts/:id', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Change a post (its author, or an admin)', security, params: IdParamsSchema, body: PostBodySchema, response: { 200: PostSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.currentUser!;
    const before = await postToManage(request.params.id, user);
    const body = await checkedBody(request.body, user, before);
    if (!(await posts.update(before._id, body))) throw apiError(404, postMessages.postNotFound, 'id');
    await applyTranslation(user, before._id, body.translationOf);
    const after = await posts.findById(before._id);
    if (!after) throw apiError(404, postMessages.postNotFound, 'id');
    await app.audit.record(user, 'update', 'post', after._id, changedFields(editableFields(before), editableFields(after)), after.title);
    const kept = new Set(filesOf(after));
    await removeUnreferencedUploads(app.db, app.config.uploadsDir, filesOf(before).filter((path) => !kept.has(path)));
    return after;
  });

  app.delete('/posts/:id', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Delete a post and its unshared files (its author, or an admin)', security, params: IdParamsSchema, response: { 200: DeletedSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.currentUser!;
    const post = await postToManage(request.params.id, user);
    if (!(await posts.delete(post._id))) throw apiError(404, postMessages.postNotFound, 'id');
    await app.audit.record(user, 'delete', 'post', post._id, changedFields(editableFields(post), {}), post.title);
    await removeUnreferencedUploads(app.db, app.config.uploadsDir, filesOf(post));
    return { _id: post._id };
  });
};

export default postsRoutes;
