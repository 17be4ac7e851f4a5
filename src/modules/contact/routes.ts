import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { changedFields } from '../audit/repository';
import { apiError } from '../../errors';
import { DeletedSchema, errorResponses } from '@shared/schemas';
import { contactMessages } from './messages';
import { ContactBodySchema, ContactIdParamsSchema, ContactSchema } from './schema';
import { checkedContactValue } from './validate-value';

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { contacts } = app.repositories;
  const security = [{ bearerAuth: [] }];
  const tags = ['contact'];

  app.get('/contact', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'List contact entries (phones, emails, social links), newest first', response: { 200: Type.Array(ContactSchema), ...errorResponses } },
  }, async () => contacts.list());

  app.post('/contact', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Add a contact entry (author)', security, body: ContactBodySchema, response: { 201: ContactSchema, ...errorResponses } },
  }, async (request, reply) => {
    const { type } = request.body;
    const value = checkedContactValue(type, request.body.value);
    const created = await contacts.create({ type, value });
    await app.audit.record(request.currentUser!, 'create', 'contact', created._id, changedFields({}, { type, value }), value);
    return reply.status(201).send(created);
  });

  app.put('/contact/:id', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Change a contact entry in place, same rules as adding (author)', security, params: ContactIdParamsSchema, body: ContactBodySchema, response: { 200: ContactSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    const before = await contacts.findById(id);
    if (!before) throw apiError(404, contactMessages.contactNotFound, 'id');
    const { type } = request.body;
    const value = checkedContactValue(type, request.body.value);
    const after = await contacts.update(id, { type, value });
    if (!after) throw apiError(404, contactMessages.contactNotFound, 'id');
    await app.audit.record(request.currentUser!, 'update', 'contact', id, changedFields({ type: before.type, value: before.value }, { type, value }), value);
    return after;
  });

  app.delete('/contact/:id', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Delete a contact entry (author)', security, params: ContactIdParamsSchema, response: { 200: DeletedSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    const before = await contacts.findById(id);
    if (!before || !(await contacts.delete(id))) throw apiError(404, contactMessages.contactNotFound, 'id');
    await app.audit.record(request.currentUser!, 'delete', 'contact', id, changedFields({ type: before.type, value: before.value }, {}), before.value);
    return { _id: id };
  });
};

export default contactRoutes;
