// The API answers a server-rendered page reads, prepared in process through the same
// repositories as the API routes and encoded by the same response schemas, so the page's data is
// exactly what the browser would have fetched, without an HTTP round trip.
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { apiError, messages, type ApiError, type BilingualMessage } from '../../errors';
import { serializerCompiler } from '../../plugins/serialization';
import { CONTENT_TYPES, EMERGENCY_TYPES, LANGUAGES, POST_TYPES } from '@shared/domain';
import { IdSchema, pageNumberFrom } from '@shared/schemas';
import { ContactsRepository } from '../contact/repository';
import { ContactSchema } from '../contact/schema';
import { ContentRepository } from '../content/repository';
import { ContentSchema } from '../content/schema';
import { EmergencyRepository } from '../emergency/repository';
import { EmergencySchema } from '../emergency/schema';
import { CitiesRepository } from '../maps/repository';
import { mapsMessages } from '../maps/messages';
import { CitySchema } from '../maps/schema';
import { postMessages } from '../posts/messages';
import { PostsRepository } from '../posts/repository';
import { LIMITS, PublicPostSchema, publicPost } from '../posts/schema';
import { SettingsRepository } from '../settings/repository';
import { SettingsSchema } from '../settings/definitions';

export type PreparedAnswer = { data: unknown } | { error: { status: number; message: string; errors: ApiError['errors'] } };

type Serializer = (value: unknown) => string;
const serializerFor = (schema: TSchema): Serializer => serializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' }) as Serializer;

const ID_PATTERN = new RegExp((IdSchema as { pattern?: string }).pattern ?? '^[A-Za-z0-9_-]{1,64}$');
const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function failure(error: ApiError): PreparedAnswer {
  const body = error.toBody();
  return { error: { status: error.statusCode, message: body.message, errors: body.errors } };
}

const notFound = (message: BilingualMessage, field: string) => failure(apiError(404, message, field));
const badRequest = (field: string) => failure(apiError(400, messages.badRequest, field));

export class PageAnswers {
  private readonly posts: PostsRepository;
  private readonly content: ContentRepository;
  private readonly cities: CitiesRepository;
  private readonly contacts: ContactsRepository;
  private readonly emergency: EmergencyRepository;
  private readonly settings: SettingsRepository;
  private readonly encode = {
    post: serializerFor(PublicPostSchema),
    content: serializerFor(ContentSchema),
    city: serializerFor(CitySchema),
    cities: serializerFor(Type.Array(CitySchema)),
    contacts: serializerFor(Type.Array(ContactSchema)),
    emergency: serializerFor(Type.Array(EmergencySchema)),
    settings: serializerFor(SettingsSchema),
  };

  constructor(app: FastifyInstance) {
    this.posts = new PostsRepository(app.db);
    this.content = new ContentRepository(app.db);
    this.cities = new CitiesRepository(app.db);
    this.contacts = new ContactsRepository(app.db);
    this.emergency = new EmergencyRepository(app.db);
    this.settings = new SettingsRepository(app.db);
  }

  private static data(json: string | Buffer): PreparedAnswer {
    return { data: JSON.parse(json.toString()) as unknown };
  }

  /** The answer of one public GET, as its API route gives it. */
  async answer(path: string): Promise<PreparedAnswer> {
    const url = new URL(path, 'http://page.invalid');
    let segments: string[];
    try {
      segments = url.pathname.split('/').slice(2).map(decodeURIComponent);
    } catch {
      return badRequest('path');
    }
    const query = url.searchParams;
    const [resource, first, second] = segments;
    const { data } = PageAnswers;
    switch (resource) {
      case 'settings':
        return data(this.encode.settings(await this.settings.read()));
      case 'contact':
        return data(this.encode.contacts(await this.contacts.list()));
      case 'content': {
        if (!includes(CONTENT_TYPES, first)) return badRequest('type');
        const type = first as (typeof CONTENT_TYPES)[number];
        return data(this.encode.content(await this.content.findOrEmpty(type)));
      }
      case 'maps': {
        if (segments.length === 1) return data(this.encode.cities(await this.cities.list()));
        if (first !== 'm' || second === undefined || second.length > 500) return badRequest('name');
        const city = await this.cities.findByName(second);
        return city ? data(this.encode.city(city)) : notFound(mapsMessages.cityNotFound, 'name');
      }
      case 'emergency':
        if (!includes(EMERGENCY_TYPES, first)) return badRequest('type');
        return data(this.encode.emergency(await this.emergency.list(first as (typeof EMERGENCY_TYPES)[number])));
      case 'posts':
        return this.postsAnswer(segments, query);
      default:
        return notFound(messages.routeNotFound, 'path');
    }
  }

  private async postsAnswer(segments: string[], query: URLSearchParams): Promise<PreparedAnswer> {
    const [, first, second] = segments;
    const page = pageNumberFrom(query.get('pageNumber') ?? undefined);
    if (first === 's' && segments.length === 2) {
      const keyword = query.get('keyword') ?? '';
      if (keyword.length > LIMITS.keywordMax) return badRequest('keyword');
      return PageAnswers.data(await this.posts.searchPage(keyword, page));
    }
    if (segments.length === 3) {
      if (!includes(POST_TYPES, first)) return badRequest('type');
      if (!includes(LANGUAGES, second)) return badRequest('language');
      return PageAnswers.data(await this.posts.listPublishedPage(first, second, page));
    }
    // An address that cannot name a post is a missing page, not a bad request.
    if (segments.length !== 2 || !ID_PATTERN.test(first)) return notFound(postMessages.postNotFound, 'id');
    // The public page shows published posts only; a draft is as absent as an unknown id.
    const post = await this.posts.findById(first);
    if (!post || post.state !== 'published') return notFound(postMessages.postNotFound, 'id');
    // As GET /api/posts/:id answers a visitor: no author, and a counterpart only when it is public.
    const shown = publicPost(post);
    if (shown.translationOf !== null && !(await this.posts.isPublic(shown.translationOf))) shown.translationOf = null;
    return PageAnswers.data(this.encode.post(shown));
  }
}
