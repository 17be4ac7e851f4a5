// The public site's pages rendered on the server, the dashboard and login shell (rendered in the
// browser), robots.txt, sitemap.xml and the feeds. Rendered pages are kept in memory (page-cache.ts);
// a change of public content (the content-changes signal) drops those that read what it changed,
// and the data their renders shared that it changed, and the layouts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withoutControlCharacters } from '@shared/text';
import { errorBody, messages } from '../../errors';
import { PRIVATE_CACHE_CONTROL, weakEtag } from '../../plugins/http-cache';
import { ResultCache } from '../posts/result-cache';
import { sendOriginalForMissingVariant } from '../uploads/legacy-images';
import type { PageDataRequest, PreparedAnswer, PreparedAnswers } from '@shared/page-data';
import { appManifest } from './app-manifest';
import { DocumentTemplate, pageDocument, withAppAfterFirstPaint } from './document';
import { encode, type Encoding } from './encodings';
import { pageAskOf, pageHeaders, sendKeptPage } from './page-answer';
import { scriptSafeJson } from './escape';
import type { Language } from '@shared/domain';
import { pickLanguage } from './language';
import { FEED_SIZE, robotsTxt, rssFeed } from './machine-files';
import { childSitemap, mainSitemap, type SitemapSource } from './sitemap';
import { pageAddressesOf } from './page-addresses';
import { addressLanguageOf, languagePath, withoutLanguage } from '@shared/public-paths';
import { LANGUAGES } from '@shared/domain';
import { publicOrigin } from './origin';
import { PageCache, type CachedPage } from './page-cache';
import { answerKeptForTouch, pageDataLoader, strongestTouch, touchOfPageData, type LoadedAnswer } from './page-data';
import { builtPageRender, loadedPageRender, type LayoutMemory, type PageRenderer, type ServerRender } from './renderer';
import { DEFAULT_SHARE_IMAGE, siteText } from './site-text';
import { imageSizeFromFile } from 'image-size/fromFile';

/** A picture a page is previewed with: a path of this site and its real size. */
export interface PreviewImage {
  path: string;
  width: number;
  height: number;
}

/** Data shared by many pages (the settings, a page text) and pictures' variants, kept beside the pages. */
const READINGS_KEPT = 200;

/** A page's data request and what it was answered (a reading shared by the pages that make it). */
interface Reading {
  request: PageDataRequest;
  loaded: LoadedAnswer;
}

/** The dashboard and login screens: one shell, rendered in the browser, private to its user. */
const STAFF_SHELL_PATHS = ['/login_page_2022', '/dashboard', '/dashboard/*'];

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Not built yet</title>
<p>The web client has not been built. Run <code>npm run build</code>, or <code>npm start</code>, which builds it.</p></html>`;

/**
 * A page address carrying `lang=en|ar` (the language switch's link, followed without JavaScript):
 * the chosen language and the same address without it, in the chosen language when the address
 * names one (`/ar/about?lang=en` → `/en/about`). Only a path of this site is answered, so the
 * redirect can never lead elsewhere.
 */
export function languageChoiceOf(url: string): { language: Language; location: string } | null {
  const [rawPath, rawQuery = ''] = url.split('?');
  const query = new URLSearchParams(rawQuery);
  const language = query.get('lang');
  if (language !== 'en' && language !== 'ar') return null;
  query.delete('lang');
  // '//host' or '/\\host' would be read by browsers as another site: keep one leading slash.
  const sitePath = `/${rawPath.replace(/^[/\\]+/, '')}`;
  const pathname = addressLanguageOf(sitePath) ? languagePath(language, sitePath) : sitePath;
  const rest = query.toString();
  return { language, location: rest ? `${pathname}?${rest}` : pathname };
}

/** The cookie the browser's i18next reads and writes (name, path and SameSite alike), for a year. */
export function languageCookie(language: Language): string {
  return `i18next=${language}; Path=/; Max-Age=31536000; SameSite=Strict`;
}

/** Requests the site answers with a page (not the API, uploads or built files). */
export function isPageRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|uploads|assets)(\/|$|\?)/.test(request.url);
}

/** The search keyword as the search page reads it (client/src/lib/pageAddress.ts). */
const keywordOf = (query: URLSearchParams) => withoutControlCharacters(query.get('keyword') ?? query.get('q') ?? '').trim();

/**
 * The address search engines should keep, without its language prefix (page-addresses.ts adds the
 * page's own): the path, the page number past 1 and a search keyword.
 */
export function canonicalPathOf(url: string): string {
  const [rawPath, rawQuery = ''] = url.split('?');
  const bare = withoutLanguage(rawPath);
  const pathname = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  const query = new URLSearchParams(rawQuery);
  const kept = new URLSearchParams();
  const keyword = keywordOf(query);
  if (pathname === '/search' && keyword) kept.set('keyword', keyword);
  const page = Number(query.get('p'));
  if (Number.isInteger(page) && page > 1) kept.set('p', String(page));
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * The address a page is rendered (and cached) for: its path and the only parameters the screens
 * read, the page number and the search keyword. `?utm_source=...` or a cache-busting `?v=123`
 * is then the same page, rendered once.
 */
export function renderAddressOf(url: string): string {
  // Most addresses carry no query: they are their own render address.
  if (!url.includes('?')) return url;
  const [pathname, rawQuery = ''] = url.split('?');
  const query = new URLSearchParams(rawQuery);
  const kept = new URLSearchParams();
  // Only the pages that read them keep them: on any other page a ?p= or ?keyword= would make a
  // new cache entry, and so a fresh render, for every value a client cares to send.
  const bare = withoutLanguage(pathname);
  const isSearch = bare === '/search';
  const isList = isSearch || bare.startsWith('/posts/');
  const keyword = keywordOf(query);
  if (isSearch && keyword) kept.set('keyword', keyword);
  const page = Number(query.get('p'));
  if (isList && Number.isInteger(page) && page > 1) kept.set('p', String(page));
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * An uploaded picture for link previews: its 1,200 px wide variant when it exists (the size
 * previews ask for), else the picture itself, with the size read from the file's header; null
 * when there is no such readable file.
 */
export async function previewImageOf(uploadsDir: string, image: string | undefined): Promise<PreviewImage | null> {
  const match = image ? /^\/uploads\/([A-Za-z0-9_-]+)\.([a-z0-9]{2,5})$/.exec(image) : null;
  if (!match) return null;
  for (const name of [`${match[1]}-1200w.webp`, `${match[1]}.${match[2]}`]) {
    const size = await imageSizeFromFile(path.join(uploadsDir, name)).catch(() => null);
    if (size?.width && size.height) return { path: `/uploads/${name}`, width: size.width, height: size.height };
  }
  return null;
}

export interface PagesOptions {
  /** A render to use instead of the one built into CLIENT_DIR. */
  renderer?: PageRenderer;
}

export default fp(async (app: FastifyInstance, options: PagesOptions) => {
  const { clientDir, uploadsDir, publicUrl } = app.config;
  const clientBuilt = existsSync(path.join(clientDir, 'index.html'));
  // The page routes are known at start; the render itself is loaded by the first page asked for.
  const pageRender = options.renderer ? loadedPageRender(options.renderer) : clientBuilt ? await builtPageRender(clientDir) : null;
  const loadPageData = pageDataLoader(app);
  const { publicPosts, scheduledPosts } = app;
  const { cities } = app.repositories;
  const cache = new PageCache();
  // What renders reuse: the layout around the screens (entry-server.tsx), data shared by many
  // pages, whether a picture has a 1,200 px variant. Kept as long as the pages are, dropped with them.
  const layouts: LayoutMemory = new Map();
  const readings = new ResultCache<Reading>(READINGS_KEPT, Number.POSITIVE_INFINITY);
  const previewImages = new ResultCache<PreviewImage | null>(READINGS_KEPT, Number.POSITIVE_INFINITY);
  /** Renders under way, by page: concurrent requests for a page not kept wait for the one render. */
  const rendering = new Map<string, Promise<CachedPage>>();

  // A change drops the pages and the shared data that read what it changed, and only those
  // (touchOfPageData); a render begun before it is not kept. The layouts (settings, numbers,
  // menus) and the pictures' variants are made again. Visitors' own writes (ratings, views, page
  // events) are no content change.
  app.contentChanges.listen((change) => {
    cache.dropWhere((page) => strongestTouch((page.reads ?? []).map((read) => touchOfPageData(change, read.request, read.answer))) !== null);
    layouts.clear();
    readings.apply((_key, reading) => (reading ? touchOfPageData(change, reading.request, reading.loaded.answer) : 'drop'));
    previewImages.clear();
    rendering.clear();
  });

  let template: DocumentTemplate | undefined;
  async function loadRender(): Promise<{ entry: ServerRender; template: DocumentTemplate }> {
    const renderer = await pageRender!.load();
    template ??= new DocumentTemplate(withAppAfterFirstPaint(renderer.template), renderer.fontPreloads);
    return { entry: renderer.entry, template };
  }

  /**
   * The page at `url`, rendered; its body kept in `encoding` only (the one it is first sent in).
   * `generation` is the cache's when the request began: data read before a change must not leave
   * a layout behind after it.
   */
  async function renderPage(url: string, language: Language, origin: string, addressLanguage: Language | null, encoding: Encoding, generation: number): Promise<CachedPage> {
    const { entry, template } = await loadRender();
    const [pathname, search = ''] = url.split('?');
    const prepared: PreparedAnswers = {};
    const dataParts: string[] = [];
    const reads: Array<{ request: PageDataRequest; answer?: PreparedAnswer }> = [];
    for (const { path: apiPath, request } of entry.dataForPage(pathname, search, language)) {
      const { loaded } = await readings.get(`data\u0000${apiPath}`, async () => ({ request, loaded: await loadPageData(request) }));
      prepared[apiPath] = loaded.answer;
      dataParts.push(`${JSON.stringify(apiPath)}:${loaded.json}`);
      reads.push({ request, answer: answerKeptForTouch(request, loaded.answer) });
    }
    const { html, facts } = entry.render({ url, language, answers: prepared }, cache.generation === generation ? layouts : new Map());
    // Every page is previewed with a picture: its own, else the site's (described in the page's language).
    const own = await previewImages.get(facts.image ?? '', async () => previewImageOf(uploadsDir, facts.image));
    const image = own
      ? { ...own, alt: facts.imageAlt || facts.title || siteText[language].name }
      : { ...DEFAULT_SHARE_IMAGE, alt: siteText[language].shareImageAlt };
    const document = pageDocument(template, {
      language, origin, addresses: pageAddressesOf(canonicalPathOf(url), language, facts), addressLanguage, html, facts,
      image: { ...image, url: `${origin}${image.path}` }, dataElementId: entry.PAGE_DATA_ELEMENT_ID,
      // The answers' JSON as the loaders wrote it: serialised once.
      dataJson: scriptSafeJson(`{"language":"${language}","answers":{${dataParts.join(',')}}}`),
    });
    const identity = Buffer.from(document);
    return { status: facts.status, bodies: { [encoding]: encode(identity, encoding) }, etag: weakEtag(identity), reads };
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const chosen = languageChoiceOf(request.url);
    if (chosen) {
      // The language switch before (or without) JavaScript: keep the choice as the application
      // would, then show the same page without the parameter.
      return reply.code(303).header('Set-Cookie', languageCookie(chosen.language)).header('Cache-Control', PRIVATE_CACHE_CONTROL)
        .header('Location', chosen.location).send();
    }
    const addressLanguage = addressLanguageOf(request.url);
    const [requestPath, requestQuery] = request.url.split('?');
    if (addressLanguage && requestPath === `/${addressLanguage}`) {
      // One address per page: a language's home page is /ar/, with its slash.
      const location = `/${addressLanguage}/${requestQuery === undefined ? '' : `?${requestQuery}`}`;
      return reply.code(301).header('Location', location).send();
    }
    const ask = pageAskOf(request, publicUrl, renderAddressOf);
    // A post whose time has come is published first: announced, it drops the pages it would change.
    if (scheduledPosts.mayBeDue()) await scheduledPosts.publishDue();
    let page = cache.get(ask.key);
    if (!page) {
      let render = rendering.get(ask.key);
      if (!render) {
        const generation = cache.generation;
        render = renderPage(ask.url, ask.language, ask.origin, ask.addressLanguage, ask.encoding, generation).then((rendered) => {
          // Only pages that exist are kept: an attacker asking for endless missing addresses fills nothing.
          if (rendered.status === 200) cache.set(ask.key, rendered, generation);
          return rendered;
        }).finally(() => { if (rendering.get(ask.key) === render) rendering.delete(ask.key); });
        rendering.set(ask.key, render);
      }
      page = await render;
    }
    return reply.code(page.status).headers(pageHeaders(ask, page)).send(cache.body(ask.key, page, ask.encoding));
  }

  /**
   * The page route's first hook: a page kept in the cache is sent at once, before the request is
   * parsed, validated and handled and without the hooks that add headers to an answer (it carries
   * the same ones: page-answer.ts). A request with a token, a HEAD, a redirect (`?lang=`, `/ar`) or
   * a page not kept goes on to servePage.
   */
  async function answerFromCache(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.method !== 'GET' || request.headers.authorization) return;
    if (request.url.includes('?') && languageChoiceOf(request.url)) return;
    const ask = pageAskOf(request, publicUrl, renderAddressOf);
    if (scheduledPosts.mayBeDue()) await scheduledPosts.publishDue();
    const page = cache.get(ask.key);
    if (page) sendKeptPage(request, reply, ask, page, cache.body(ask.key, page, ask.encoding));
  }

  // The staff shell is sent from memory, not through the static files: those mark index.html
  // `no-cache` with an ETag and Last-Modified, which would let a shared cache keep it.
  const shell = clientBuilt ? readFileSync(path.join(clientDir, 'index.html')) : Buffer.from(NOT_BUILT_PAGE);
  function serveShell(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return reply.header('Cache-Control', PRIVATE_CACHE_CONTROL).type('text/html; charset=utf-8').send(shell);
  }

  if (pageRender) {
    for (const pattern of pageRender.routePatterns) {
      for (const address of [pattern, ...LANGUAGES.map((language) => languagePath(language, pattern))]) {
        app.get(address, { onRequest: answerFromCache, config: { httpCache: 'public' }, schema: { hide: true } }, servePage);
      }
    }
  }
  // Staff screens are rendered in the browser only and never kept by any cache.
  for (const pattern of STAFF_SHELL_PATHS) app.get(pattern, { schema: { hide: true } }, serveShell);

  const textRoute = { config: { httpCache: 'public' as const }, schema: { hide: true } };
  app.get('/robots.txt', textRoute, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(publicOrigin(publicUrl, request))));
  // Visible posts as PublicPosts answers them; each call is one bounded query.
  const sitemapSource: SitemapSource = {
    cityNames: async () => (await cities.list()).map((city) => city.name),
    countPosts: () => publicPosts.countVisible(),
    posts: (offset, limit) => publicPosts.sitemapEntries(offset, limit),
  };
  app.get('/sitemap.xml', textRoute, async (request, reply) =>
    reply.type('application/xml; charset=utf-8').send(await mainSitemap(publicOrigin(publicUrl, request), sitemapSource)));
  app.get<{ Params: { name: string } }>('/sitemap/:name', textRoute, async (request, reply) => {
    const xml = await childSitemap(publicOrigin(publicUrl, request), `/sitemap/${request.params.name}`, sitemapSource);
    if (xml === null) return reply.status(404).send(errorBody(messages.routeNotFound));
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
  app.get('/manifest.webmanifest', textRoute, async (request, reply) => {
    const language = pickLanguage(request.headers.cookie, request.headers['accept-language']);
    return reply.type('application/manifest+json; charset=utf-8').header('Vary', 'Cookie, Accept-Language')
      .send(JSON.stringify(appManifest(language)));
  });
  // What a page at a language address names: the app in that language, starting at its home page.
  for (const language of LANGUAGES) {
    app.get(`/${language}/manifest.webmanifest`, textRoute, async (_request, reply) =>
      reply.type('application/manifest+json; charset=utf-8').send(JSON.stringify(appManifest(language, true))));
  }
  app.get<{ Params: { language: string } }>('/feed/:language', textRoute, async (request, reply) => {
    const language = /^(en|ar)\.xml$/.exec(request.params.language)?.[1] as Language | undefined;
    if (!language) return reply.callNotFound();
    const feed = rssFeed(publicOrigin(publicUrl, request), language, await publicPosts.latest(language, FEED_SIZE));
    return reply.type('application/rss+xml; charset=utf-8').send(feed);
  });

  app.setNotFoundHandler(async (request, reply) => {
    // An image stored before variants existed: its original stands in until they are written.
    if ((request.method === 'GET' || request.method === 'HEAD') && await sendOriginalForMissingVariant(app.config.uploadsDir, request.url, reply)) return reply;
    if (!isPageRequest(request)) return reply.status(404).send(errorBody(messages.routeNotFound));
    // An unknown address: the not-found screen, rendered, with a real 404.
    if (pageRender) return servePage(request, reply);
    // Without the server render, client-side routes (/about, /p/123 ...) are answered by the SPA.
    if (!clientBuilt) return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(NOT_BUILT_PAGE);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', clientDir);
  });
}, { name: 'pages', dependencies: ['repositories', 'posts-services', 'upload-widths'] });
