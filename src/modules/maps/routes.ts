import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { changedFields } from '../audit/repository';
import { apiError } from '../../errors';
import { DeletedSchema, errorResponses } from '@shared/schemas';
import { removeUnreferencedUploads } from '../uploads/storage';
import { mapsMessages } from './messages';
import { isDuplicateCityName } from './repository';
import { CITY_IMAGE_FIELDS, CityBodySchema, CityIdParamsSchema, CityNameParamsSchema, CitySchema, type City, type CityAlts, type CityInput } from './schema';
import { keepUnsentArabic, parseCityBody, schemaErrorsOf } from './validate-city';
import { picturesOfCity } from '../uploads/widths';

/** The fields worth recording in the audit log (ids and timestamps are not changes). */
function auditedFields(city: City | CityInput): Record<string, unknown> {
  const alts = 'alts' in city ? city.alts : city;
  return {
    name: city.name, nameAr: city.nameAr ?? '', thumbnail: city.thumbnail, countryMap: city.countryMap, cityMap: city.cityMap, cityMapAdd: city.cityMapAdd,
    ...Object.fromEntries(CITY_IMAGE_FIELDS.flatMap((image) => [`${image}AltEn`, `${image}AltAr`]).map((field) => [field, (alts as Partial<CityAlts> | undefined)?.[field as keyof CityAlts] ?? null])),
    branch: city.branch,
  };
}

function imagesOf(city: City): string[] {
  return [city.thumbnail, city.countryMap, city.cityMap, city.cityMapAdd];
}

const mapsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { cities } = app.repositories;
  const security = [{ bearerAuth: [] }];
  const tags = ['maps'];

  async function foundCity(id: string): Promise<City> {
    const city = await cities.findById(id);
    if (!city) throw apiError(404, mapsMessages.cityNotFound, 'id');
    return city;
  }

  /** City names are unique without case; exceptId is the city being edited. */
  async function assertNameFree(name: string, exceptId?: string): Promise<void> {
    const other = await cities.findByName(name);
    if (other && other._id !== exceptId) throw apiError(409, mapsMessages.nameTaken, 'name');
  }

  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two saves racing for one name: the unique index decides, the answer is still a 409.
      if (isDuplicateCityName(error)) throw apiError(409, mapsMessages.nameTaken, 'name');
      throw error;
    }
  }

  app.get('/maps', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'List the cities with their branches, by name', response: { 200: Type.Array(CitySchema), ...errorResponses } },
  }, async () => Promise.all((await cities.list()).map((city) => app.uploadWidths.annotate(city, picturesOfCity(city)))));

  app.get('/maps/m/:name', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'One city by name (case-insensitive)', params: CityNameParamsSchema, response: { 200: CitySchema, ...errorResponses } },
  }, async (request) => {
    const city = await cities.findByName(request.params.name);
    if (!city) throw apiError(404, mapsMessages.cityNotFound, 'name');
    return app.uploadWidths.annotate(city, picturesOfCity(city));
  });

  app.get('/maps/:id', {
    config: { httpCache: 'public' },
    schema: { tags, summary: 'One city by id', params: CityIdParamsSchema, response: { 200: CitySchema, ...errorResponses } },
  }, async (request) => {
    const city = await foundCity(request.params.id);
    return app.uploadWidths.annotate(city, picturesOfCity(city));
  });

  // attachValidation: schema errors are answered by the handler, so branch fields read 'branch[1].phone'.
  app.post('/maps', {
    onRequest: app.requireAuthor,
    attachValidation: true,
    schema: { tags, summary: 'Create a city with its branches (author)', security, body: CityBodySchema, response: { 201: CitySchema, ...errorResponses } },
  }, async (request, reply) => {
    if (request.validationError) throw schemaErrorsOf(request.validationError);
    const input = parseCityBody(request.body);
    await assertNameFree(input.name);
    const created = await saving(() => cities.create(input));
    await app.audit.record(request.currentUser!, 'create', 'city', created._id, changedFields({}, auditedFields(created)), created.name);
    return reply.status(201).send(created);
  });

  app.post('/maps/:id', {
    onRequest: app.requireAuthor,
    attachValidation: true,
    schema: {
      tags,
      summary: 'Replace a city and its whole branch list (author)',
      security,
      params: CityIdParamsSchema,
      body: CityBodySchema,
      response: { 200: CitySchema, ...errorResponses },
    },
  }, async (request) => {
    if (request.validationError) throw schemaErrorsOf(request.validationError);
    const { id } = request.params;
    const before = await foundCity(id);
    const input = keepUnsentArabic(parseCityBody(request.body), before);
    await assertNameFree(input.name, id);
    const updated = await saving(() => cities.update(id, input));
    if (!updated) throw apiError(404, mapsMessages.cityNotFound, 'id');
    await app.audit.record(request.currentUser!, 'update', 'city', id, changedFields(auditedFields(before), auditedFields(updated)), updated.name);
    await removeUnreferencedUploads(app.db, app.config.uploadsDir, imagesOf(before));
    return updated;
  });

  app.delete('/maps/:id', {
    onRequest: app.requireAuthor,
    schema: { tags, summary: 'Delete a city and its branches (author)', security, params: CityIdParamsSchema, response: { 200: DeletedSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    const before = await foundCity(id);
    if (!(await cities.delete(id))) throw apiError(404, mapsMessages.cityNotFound, 'id');
    await app.audit.record(request.currentUser!, 'delete', 'city', id, changedFields(auditedFields(before), {}), before.name);
    // The city's images go too, unless another record still shows them.
    await removeUnreferencedUploads(app.db, app.config.uploadsDir, imagesOf(before));
    return { _id: id };
  });
};

export default mapsRoutes;
