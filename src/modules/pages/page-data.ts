// The data a public page reads first (@shared/page-data), loaded by name through each module's
// service: what the API route of the same path answers, encoded by the same response schema, so
// the page's data is exactly what the browser would have fetched, without an HTTP round trip.
// Each answer comes as its JSON text, written once, for the page's hydration data, and as the
// value the render reads.
// What visitors may see of posts is PublicPosts' answer; page texts, places, numbers, contacts and
// settings are public whole. Answers that show pictures carry their widths, as the API's do.
import type { FastifyInstance } from 'fastify';
import type { ContentChange } from '../../content-changes';
import { Type, type TSchema } from 'typebox';
import { apiError, messages, type ApiError, type BilingualMessage } from '../../errors';
import { serializerCompiler } from '../../plugins/serialization';
import type { PageDataRequest, PreparedAnswer } from '@shared/page-data';
import { IdSchema, pageNumberFrom } from '@shared/schemas';
import { ContactSchema } from '../contact/schema';
import { ContentSchema } from '../content/schema';
import { EmergencySchema } from '../emergency/schema';
import { mapsMessages } from '../maps/messages';
import { CitySchema, LIMITS as CITY_LIMITS } from '../maps/schema';
import { postMessages } from '../posts/messages';
import { touchOf } from '../posts/public-posts';
import type { Touch } from '../posts/result-cache';
import { LIMITS } from '../posts/schema';
import { SettingsSchema } from '../settings/definitions';
import { picturesOfCity, picturesOfContent } from '../uploads/widths';

type Serializer = (value: unknown) => string;
const serializerFor = (schema: TSchema): Serializer => serializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' }) as Serializer;

const ID_PATTERN = new RegExp((IdSchema as { pattern?: string }).pattern ?? '^[A-Za-z0-9_-]{1,64}$');

/** One answer of a page: the value the render reads and its JSON text for the page's data. */
export interface LoadedAnswer {
  answer: PreparedAnswer;
  json: string;
}

function failure(error: ApiError): LoadedAnswer {
  const body = error.toBody();
  const answer: PreparedAnswer = { error: { status: error.statusCode, message: body.message, errors: body.errors } };
  return { answer, json: JSON.stringify(answer) };
}

const notFound = (message: BilingualMessage, field: string) => failure(apiError(404, message, field));
const badRequest = (field: string) => failure(apiError(400, messages.badRequest, field));
const data = (encoded: string | Buffer): LoadedAnswer => {
  const text = encoded.toString();
  return { answer: { data: JSON.parse(text) as unknown }, json: `{"data":${text}}` };
};

type Loaders = { [K in PageDataRequest['read']]: (request: Extract<PageDataRequest, { read: K }>) => Promise<LoadedAnswer> };

/** Loads one request of a page, as its API route answers it. */
export type PageDataLoader = (request: PageDataRequest) => Promise<LoadedAnswer>;

export function pageDataLoader(app: FastifyInstance): PageDataLoader {
  const { settings, content, cities, contacts, emergency } = app.repositories;
  const { publicPosts, uploadWidths: widths } = app;
  const encode = {
    content: serializerFor(ContentSchema),
    city: serializerFor(CitySchema),
    cities: serializerFor(Type.Array(CitySchema)),
    contacts: serializerFor(Type.Array(ContactSchema)),
    emergency: serializerFor(Type.Array(EmergencySchema)),
    settings: serializerFor(SettingsSchema),
  };
  // Page numbers are read as the API reads ?pageNumber=.
  const pageOf = (page: number) => pageNumberFrom(String(page));
  const loaders: Loaders = {
    settings: async () => data(encode.settings(await settings.read())),
    pageText: async ({ type }) => {
      const found = await content.findOrEmpty(type);
      return data(encode.content(await widths.annotate(found, picturesOfContent(found))));
    },
    cities: async () => data(encode.cities(await Promise.all((await cities.list()).map((city) => widths.annotate(city, picturesOfCity(city)))))),
    city: async ({ name }) => {
      // A name longer than any city's is an unknown city, not a bad request: its page is a 404.
      if (name.length > CITY_LIMITS.nameMax) return notFound(mapsMessages.cityNotFound, 'name');
      const city = await cities.findByName(name);
      return city ? data(encode.city(await widths.annotate(city, picturesOfCity(city)))) : notFound(mapsMessages.cityNotFound, 'name');
    },
    contacts: async () => data(encode.contacts(await contacts.list())),
    emergency: async ({ type }) => data(encode.emergency(await emergency.list(type))),
    postList: async ({ type, language, page }) => data(await publicPosts.listPage(type, language, pageOf(page))),
    search: async ({ keyword, page }) => {
      if (keyword.length > LIMITS.keywordMax) return badRequest('keyword');
      return data(await publicPosts.searchPage(keyword, pageOf(page)));
    },
    post: async ({ id }) => {
      // An address that cannot name a post is a missing page, not a bad request. The JSON is a
      // visitor's answer of GET /api/posts/:id, kept by PublicPosts (the same bytes the API sends).
      const answer = ID_PATTERN.test(id) ? await publicPosts.answer(id) : undefined;
      return answer ? data(answer) : notFound(postMessages.postNotFound, 'id');
    },
  };
  return (request) => (loaders[request.read] as PageDataLoader)(request);
}

/** The counterpart a post's answer names (its page links to it), if any. */
function counterpartIn(answer: PreparedAnswer | undefined): string | null {
  const post = answer && 'data' in answer ? answer.data as { translationOf?: unknown } : undefined;
  return typeof post?.translationOf === 'string' ? post.translationOf : null;
}

/**
 * What touchOfPageData reads of an answer, kept with a rendered page in place of the whole answer:
 * a post's text held beside its kept page would escape the page cache's byte budget.
 */
export function answerKeptForTouch(request: PageDataRequest, answer: PreparedAnswer): PreparedAnswer | undefined {
  const counterpart = request.read === 'post' ? counterpartIn(answer) : null;
  return counterpart ? { data: { translationOf: counterpart } } : undefined;
}

/**
 * What a change does to a page that read `request` (and was answered `answer`): drop it, make it
 * stale, or nothing. Posts follow PublicPosts' rule (touchOf); the other kinds are dropped by a
 * change of their kind (a page text by a change of its own type).
 */
export function touchOfPageData(change: ContentChange, request: PageDataRequest, answer?: PreparedAnswer): Touch {
  switch (request.read) {
    case 'settings': return change.kind === 'settings' ? 'drop' : null;
    case 'pageText': return change.kind === 'page-texts' && change.ids.includes(request.type) ? 'drop' : null;
    case 'cities':
    case 'city': return change.kind === 'cities' ? 'drop' : null;
    case 'contacts': return change.kind === 'contacts' ? 'drop' : null;
    case 'emergency': return change.kind === 'emergency' ? 'drop' : null;
    case 'postList': return touchOf(change, request);
    case 'search': return touchOf(change, request);
    case 'post': return touchOf(change, { read: 'post', id: request.id, counterpart: counterpartIn(answer) });
  }
}

/** The strongest of several touches: a page is dropped when any of its reads is. */
export function strongestTouch(touches: Touch[]): Touch {
  return touches.includes('drop') ? 'drop' : touches.includes('stale') ? 'stale' : null;
}
