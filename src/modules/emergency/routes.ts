import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { changedFields } from '../audit/repository';
import { apiError } from '../../errors';
import { DeletedSchema, errorResponses } from '@shared/schemas';
import { removeUnreferencedUploads } from '../uploads/storage';
import { emergencyMessages } from './messages';
import { EmergencyBodySchema, EmergencyIdParamsSchema, EmergencyOrderBodySchema, EmergencySchema, EmergencyTypeParamsSchema, NUMBER_PATTERN, type Emergency } from './schema';

function auditedFields(item: Emergency): Record<string, unknown> {
  return { type: item.type, value: item.value, nameEN: item.nameEN, nameAR: item.nameAR, icon: item.icon };
}

/** The audit log names a number by its names in both languages. */
const auditName = (item: Emergency) => ({ en: item.nameEN, ar: item.nameAR });

const emergencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { emergency } = app.repositories;
  const security = [{ bearerAuth: [] }];
  const tags = ['emergency'];
  const listSchema = Type.Array(EmergencySchema);

  app.get('/emergency', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'All emergency and VOT contacts, in the order staff chose', response: { 200: listSchema, ...errorResponses } },
  }, async () => emergency.list());

  app.get('/emergency/:type', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'Emergency or VOT contacts, in the order staff chose', params: EmergencyTypeParamsSchema, response: { 200: listSchema, ...errorResponses } },
  }, async (request) => emergency.list(request.params.type));

  app.post('/emergency', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Add an emergency or VOT contact, last in the order (author)', security, body: EmergencyBodySchema, response: { 201: EmergencySchema, ...errorResponses } },
  }, async (request, reply) => {
    const body = request.body;
    if (!NUMBER_PATTERN.test(body.value.trim())) throw apiError(400, emergencyMessages.numberInvalid, 'value');
    const created = await emergency.create(body);
    await app.audit.record(request.currentUser!, 'create', 'emergency', created._id, changedFields({}, auditedFields(created)), auditName(created));
    return reply.status(201).send(created);
  });

  // A fixed segment, so Fastify matches it before /emergency/:id.
  app.put('/emergency/order', {
    onRequest: app.requireAuthor,
    schema: {
      tags, security, body: EmergencyOrderBodySchema, response: { 200: listSchema, ...errorResponses },
      summary: 'Put the emergency and VOT contacts in this order: every id once, first to last (author)',
      description: 'Answers the list in its new order. 409 when the ids are not exactly the current list (someone added or deleted one meanwhile): nothing changes.',
    },
  }, async (request) => {
    const result = await emergency.reorder(request.body.ids);
    if (!result) throw apiError(409, emergencyMessages.orderChanged, 'order');
    const numbers = (list: Emergency[]) => list.map((item) => item.value);
    const changes = changedFields({ order: numbers(result.before) }, { order: numbers(result.after) });
    if (Object.keys(changes).length > 0) await app.audit.record(request.currentUser!, 'update', 'emergency-order', 'emergency', changes, null);
    return result.after;
  });

  app.put('/emergency/:id', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Change an emergency or VOT contact in place, same rules as adding (author)', security, params: EmergencyIdParamsSchema, body: EmergencyBodySchema, response: { 200: EmergencySchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    const before = await emergency.findById(id);
    if (!before) throw apiError(404, emergencyMessages.emergencyNotFound, 'id');
    if (!NUMBER_PATTERN.test(request.body.value.trim())) throw apiError(400, emergencyMessages.numberInvalid, 'value');
    const after = await emergency.update(id, request.body);
    if (!after) throw apiError(404, emergencyMessages.emergencyNotFound, 'id');
    await app.audit.record(request.currentUser!, 'update', 'emergency', id, changedFields(auditedFields(before), auditedFields(after)), auditName(after));
    // A replaced icon goes, unless another record still shows it.
    if (before.icon !== after.icon) await removeUnreferencedUploads(app.db, app.config.uploadsDir, [before.icon]);
    return after;
  });

  app.delete('/emergency/:id', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Delete an emergency or VOT contact (author)', security, params: EmergencyIdParamsSchema, response: { 200: DeletedSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    const before = await emergency.findById(id);
    if (!before || !(await emergency.delete(id))) throw apiError(404, emergencyMessages.emergencyNotFound, 'id');
    await app.audit.record(request.currentUser!, 'delete', 'emergency', id, changedFields(auditedFields(before), {}), auditName(before));
    // The icon goes too, unless another record still shows it.
    await removeUnreferencedUploads(app.db, app.config.uploadsDir, [before.icon]);
    return { _id: id };
  });
};

export default emergencyRoutes;
