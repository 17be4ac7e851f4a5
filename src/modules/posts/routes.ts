import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { apiError } from '../../errors';
import type { CurrentUser } from '../../plugins/auth';
import { DeletedSchema, IdParamsSchema, PageQuerySchema, errorResponses, pageNumberFrom } from '../../shared/schemas';
import { PUBLIC_WRITE_RATE_LIMIT } from '../rating/routes';
import { changedFields } from '../audit/repository';
import { removeUnreferencedUploads } from '../uploads/storage';
import { postMessages } from './messages';
import { PostsRepository } from './repository';
import { ListParamsSchema, PostBodySchema, PostPageSchema, PostSchema, SearchQuerySchema, type Post } from './schema';

/** The fields staff edit: what the audit log compares. */
function editableFields(post: Post): Record<string, unknown> {
  const { title, describtion, image, pictures, video, language, type, pdf, state } = post;
  return { title, describtion, image, pictures, video, language, type, pdf, state };
}

function filesOf(post: Post): string[] {
  return [post.image, post.pdf, ...post.pictures].filter((path) => path !== '');
}

function canManage(user: CurrentUser | null, post: Post): boolean {
  return !!user && (user.isAdmin || post.author === user.id);
}

/** Hot public pages are sent as the JSON the cache already holds (same shape as PostPageSchema). */
function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const postsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const posts = new PostsRepository(app.db, app.sqlite);
  const security = [{ bearerAuth: [] }];
  const tags = ['posts'];

  /** The post behind :id for a change by this user: 404 unknown, 403 someone else's. */
  async function postToManage(id: string, user: CurrentUser): Promise<Post> {
    const post = await posts.findById(id);
    if (!post) throw apiError(404, postMessages.postNotFound, 'id');
    if (!canManage(user, post)) throw apiError(403, postMessages.notOwner, 'id');
    return post;
  }

  // Static paths (/s, /author) win over /:id in Fastify's router whatever the order; they are
  // declared first anyway so the intent reads from top to bottom.
  app.get('/posts/s', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'Search published posts (Arabic and English), newest first', querystring: SearchQuerySchema, response: { 200: PostPageSchema, ...errorResponses } },
  }, async (request, reply) => {
    const found = await posts.searchPage(request.query.keyword ?? '', pageNumberFrom(request.query.pageNumber));
    return sendJson(reply, found);
  });

  app.get('/posts/author', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: "The caller's posts, drafts included (all posts for an admin)", security, response: { 200: Type.Array(PostSchema), ...errorResponses } },
  }, async (request) => posts.listForAuthor(request.currentUser!));

  app.get('/posts/:type/:language', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'Published posts of one type and language, 9 a page, newest first', params: ListParamsSchema, querystring: PageQuerySchema, response: { 200: PostPageSchema, ...errorResponses } },
  }, async (request, reply) => {
    const listed = await posts.listPublishedPage(request.params.type, request.params.language, pageNumberFrom(request.query.pageNumber));
    return sendJson(reply, listed);
  });

  app.get('/posts/:id', {
    onRequest: app.identifyIfPossible,
    // Each read counts a view: asked again every time, never answered from a cache.
    config: { httpCache: 'revalidate' },
    schema: { tags, summary: "One post: published ones for anyone, drafts with the owner's or an admin's token", params: IdParamsSchema, response: { 200: PostSchema, ...errorResponses } },
  }, async (request) => {
    const post = await posts.findById(request.params.id);
    const staffRead = !!post && canManage(request.currentUser, post);
    if (!post || (post.state !== 'published' && !staffRead)) throw apiError(404, postMessages.postNotFound, 'id');
    // Views count public reads; staff previewing their own work do not inflate them.
    if (post.state === 'published' && !staffRead) {
      await posts.countView(post._id);
      post.views += 1;
    }
    return post;
  });

  // A post page rendered by the server (perhaps answered by a proxy's cache) reads no API: the
  // browser counts its view here once the page runs.
  app.post('/posts/:id/view', {
    config: { rateLimit: PUBLIC_WRITE_RATE_LIMIT },
    schema: { tags, summary: 'Count one view of a published post (sent by its page)', params: IdParamsSchema, response: { 204: Type.Null({ description: 'Counted' }), ...errorResponses } },
  }, async (request, reply) => {
    if (!(await posts.countPublishedView(request.params.id))) throw apiError(404, postMessages.postNotFound, 'id');
    return reply.status(204).send(null);
  });

  app.post('/posts', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Create a post (author)', security, body: PostBodySchema, response: { 201: PostSchema, ...errorResponses } },
  }, async (request, reply) => {
    const user = request.currentUser!;
    const created = await posts.create(request.body, user.id);
    await app.audit.record(user, 'create', 'post', created._id, changedFields({}, editableFields(created)));
    return reply.status(201).send(created);
  });

  app.put('/posts/:id', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Change a post (its author, or an admin)', security, params: IdParamsSchema, body: PostBodySchema, response: { 200: PostSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.currentUser!;
    const before = await postToManage(request.params.id, user);
    const after = await posts.update(before._id, request.body);
    if (!after) throw apiError(404, postMessages.postNotFound, 'id');
    await app.audit.record(user, 'update', 'post', after._id, changedFields(editableFields(before), editableFields(after)));
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
    await app.audit.record(user, 'delete', 'post', post._id, changedFields(editableFields(post), {}));
    await removeUnreferencedUploads(app.db, app.config.uploadsDir, filesOf(post));
    return { _id: post._id };
  });
};

export default postsRoutes;
