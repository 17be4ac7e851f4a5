// The public site's service worker (built to /sw.js by client/build/service-worker.ts). It keeps
// this version's app shell, the public pages a visitor opened, the essentials (help pages, every
// city page, in both languages, from the first visit: ./essentials.ts) and their public reads,
// so a phone without a connection still shows them; it never keeps anything private (the rules
// are in ../policy.ts). Every cache name carries the build's version: a new version installs
// beside the old one and, once active, deletes it, so a saved page never meets scripts of
// another version.
import { IMAGE_VARIANT_WIDTHS, imageVariantPath, type Language } from '@shared/domain';
import { groupsToEvict, PAGES_BUDGET, POSTS_BUDGET, type Budget, type SavedGroup } from '../budget';
import { OFFLINE_PICTURE_WIDTH, pictureBase } from '../essentials';
import { handlingOf, isStorable, pageCacheKey, postIdOfPage, type RequestHandling } from '../policy';
import { checkedRequest, saveEssentials, stopSavingEssentials } from './essentials';
import { needsConnectionPage } from './needs-connection';

declare const self: ServiceWorkerGlobalScope;
/** Injected at build: a hash of the worker and every precached file. */
declare const __OFFLINE_VERSION__: string;
/** Injected at build: the shell's paths (pages' scripts, styles, fonts, texts, icons). */
declare const __PRECACHE__: string[];

const PREFIX = 'offline-';
const SHELL = `${PREFIX}shell-${__OFFLINE_VERSION__}`;
const PAGES = `${PREFIX}pages-${__OFFLINE_VERSION__}`;
const POSTS = `${PREFIX}posts-${__OFFLINE_VERSION__}`;
const DATA = `${PREFIX}data-${__OFFLINE_VERSION__}`;
const ESSENTIALS = `${PREFIX}essentials-${__OFFLINE_VERSION__}`;
const SHELL_PAGE = '/index.html';
/** A slow connection gives way to the saved copy after this long. */
const NAVIGATION_TIMEOUT_MS = 3500;
const precached = new Set(__PRECACHE__);
const origin = self.location.origin;
const indexUrl = (cacheName: string) => `${origin}/offline-index/${cacheName}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(__PRECACHE__.map((path) => new Request(path, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const ours = new Set([SHELL, PAGES, POSTS, DATA, ESSENTIALS]);
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !ours.has(name)) await caches.delete(name);
    }
    // The first version takes the page that installed it at once (it came from the network, so
    // nothing can mix); later versions only become active when a page asks (see register.ts).
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  const message = event.data as { type?: string; request?: unknown } | null;
  if (message?.type === 'skip-waiting') void self.skipWaiting();
  // The quick exit: the visitor wants no trace of the site. The page has already left.
  if (message?.type === 'forget') event.waitUntil(forgetEverything());
  // A page gone idle: keep the essentials (or refresh them, when the saved copy is old).
  const request = message?.type === 'save-essentials' ? checkedRequest(message.request, { origin, precached }) : null;
  if (request && !forgotten) event.waitUntil(saveEssentials(request, essentialsPlace));
});

/** Set by the quick exit: from then on nothing is written (every write checks it first). */
let forgotten = false;

async function deleteOurCaches(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX)) await caches.delete(name);
  }
}

async function forgetEverything(): Promise<void> {
  forgotten = true;
  await deleteOurCaches();
  // A write already under way (the essentials, a page being saved) may have opened a cache again.
  await Promise.allSettled([stopSavingEssentials(), indexLock]);
  await deleteOurCaches();
  await self.registration.unregister();
}

const essentialsPlace = {
  origin,
  precached,
  essentialsCache: ESSENTIALS,
  dataCache: DATA,
  preferredLanguage: () => preferredLanguage(),
  isForgotten: () => forgotten,
  hasSavedPage: async (address: string, language: Language) =>
    !!await caches.match(pageCacheKey(origin, address, language), { cacheName: groupOf(address).cacheName }),
  saveLanding: (address: string, language: Language, response: Response) => {
    const group = groupOf(address);
    return rememberInGroup(group.cacheName, group.budget, group.key, pageCacheKey(origin, address, language), response, true);
  },
};

/** The group a page address is saved in, as a navigation to it would be (policy.ts). */
function groupOf(address: string): { cacheName: string; budget: Budget; key: string } {
  const handling = handlingOf({ url: new URL(address, origin).href, method: 'GET', mode: 'navigate', hasAuthorization: false, origin, precached });
  const posts = handling.kind === 'page' && handling.group === 'posts';
  return { cacheName: posts ? POSTS : PAGES, budget: posts ? POSTS_BUDGET : PAGES_BUDGET, key: handling.kind === 'page' ? handling.groupKey : address };
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const handling = handlingOf({
    url: request.url, method: request.method, mode: request.mode, origin, precached,
    hasAuthorization: request.headers.has('Authorization'),
    clientUrl: undefined,
  });
  if (handling.kind === 'pass') return;
  event.respondWith(respond(event, handling));
});

async function respond(event: FetchEvent, handling: Exclude<RequestHandling, { kind: 'pass' }>): Promise<Response> {
  const { request } = event;
  switch (handling.kind) {
    case 'shell':
      return (await caches.match(new URL(request.url).pathname, { cacheName: SHELL })) ?? fetch(request);
    case 'staff-page':
      return fetch(request).catch(() => needsConnectionPage());
    case 'page':
      return pageAnswer(event, handling);
    case 'essential-data':
      return staleWhileRevalidate(event);
    case 'post-data':
      return networkFirst(request, (response) => rememberInGroup(POSTS, POSTS_BUDGET, handling.postId, request.url, response, true));
    case 'picture':
      return pictureAnswer(event, handling.postId);
  }
}

// ---- pages ----

let lastLanguage: Language = 'en';

/** The language the visitor chose (the i18next cookie), else the one of the last page served. */
async function preferredLanguage(): Promise<Language> {
  try {
    const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }).cookieStore;
    const value = (await store?.get('i18next'))?.value;
    if (value === 'ar' || value === 'en') return value;
  } catch {
    // No Cookie Store API in this browser.
  }
  return lastLanguage;
}

async function pageAnswer(event: FetchEvent, handling: Extract<RequestHandling, { kind: 'page' }>): Promise<Response> {
  const { request } = event;
  const network = fetch(request).then((response) => {
    const language = response.headers.get('Content-Language') === 'ar' ? 'ar' : 'en';
    if (response.headers.get('Content-Type')?.startsWith('text/html')) lastLanguage = language;
    if (handling.store && isStorable(response.status, response.headers.get('Cache-Control'))) {
      const key = pageCacheKey(origin, handling.address, language);
      const cacheName = handling.group === 'posts' ? POSTS : PAGES;
      const budget = handling.group === 'posts' ? POSTS_BUDGET : PAGES_BUDGET;
      event.waitUntil(rememberInGroup(cacheName, budget, handling.groupKey, key, response.clone(), true));
    }
    return response;
  });
  // Saved copies are looked up only if the network fails or is slow.
  const saved = async () => {
    const preferred = await preferredLanguage();
    for (const language of [preferred, preferred === 'ar' ? 'en' : 'ar']) {
      const key = pageCacheKey(origin, handling.address, language);
      const copy = await caches.match(key, { cacheName: handling.group === 'posts' ? POSTS : PAGES });
      if (copy) {
        if (handling.group === 'posts') event.waitUntil(touchGroup(POSTS, handling.groupKey));
        return markedAsSaved(copy);
      }
      const essential = await caches.match(key, { cacheName: ESSENTIALS });
      if (essential) return markedAsSaved(essential);
    }
    return null;
  };
  const timedOut = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), NAVIGATION_TIMEOUT_MS));
  try {
    const first = await Promise.race([network, timedOut]);
    if (first !== 'timeout') return first;
    const copy = await saved();
    return copy ?? await network;
  } catch {
    const copy = await saved();
    if (copy) return copy;
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL });
    if (shell) return markedAsSaved(shell);
    return Response.error();
  }
}

/** Saved pages say so on <html>, so the page shows the offline notice (OfflineNotice.tsx). */
async function markedAsSaved(response: Response): Promise<Response> {
  const html = (await response.text()).replace(/<html\b/i, '<html data-offline-copy="true"');
  const headers = new Headers();
  for (const name of ['Content-Type', 'Content-Language', 'Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(html, { status: 200, headers });
}

// ---- public data and pictures ----

async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const refreshed = fetch(request).then(async (response) => {
    if (!forgotten && isStorable(response.status, response.headers.get('Cache-Control'))) {
      const cache = await caches.open(DATA);
      await cache.put(request, response.clone());
    }
    return response;
  });
  const saved = await caches.match(request, { cacheName: DATA });
  if (saved) {
    event.waitUntil(refreshed.then(() => undefined, () => undefined));
    return saved;
  }
  return refreshed;
}

async function networkFirst(request: Request, remember: (response: Response) => Promise<void>): Promise<Response> {
  try {
    const response = await fetch(request);
    if (isStorable(response.status, response.headers.get('Cache-Control'))) void remember(response.clone());
    return response;
  } catch (error) {
    const saved = await caches.match(request, { cacheName: POSTS });
    if (saved) return saved;
    throw error;
  }
}

/**
 * Uploads never change: a saved copy first. Saved only for a post page that is itself saved (the
 * essentials save their pictures themselves). Offline, a saved width of the same picture stands
 * in for the width the page asked for.
 */
async function pictureAnswer(event: FetchEvent, postIdHint: string | null): Promise<Response> {
  const { request } = event;
  const saved = await caches.match(request, { cacheName: POSTS }) ?? await caches.match(request, { cacheName: ESSENTIALS });
  if (saved) return saved;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const standIn = await savedWidthOf(new URL(request.url).pathname);
    if (standIn) return standIn;
    throw error;
  }
  const postId = postIdHint ?? await postIdOfClient(event.clientId);
  if (postId && isStorable(response.status, response.headers.get('Cache-Control'))) {
    event.waitUntil(rememberInGroup(POSTS, POSTS_BUDGET, postId, request.url, response.clone(), false));
  }
  return response;
}

async function savedWidthOf(path: string): Promise<Response | undefined> {
  const base = pictureBase(path);
  if (!base) return undefined;
  const widths = [OFFLINE_PICTURE_WIDTH, ...IMAGE_VARIANT_WIDTHS.filter((width) => width !== OFFLINE_PICTURE_WIDTH)];
  for (const width of widths) {
    const candidate = `${origin}${imageVariantPath(base, width)}`;
    const copy = await caches.match(candidate, { cacheName: ESSENTIALS }) ?? await caches.match(candidate, { cacheName: POSTS });
    if (copy) return copy;
  }
  return undefined;
}

async function postIdOfClient(clientId: string): Promise<string | null> {
  if (!clientId) return null;
  const client = await self.clients.get(clientId);
  return postIdOfPage(client?.url, origin);
}

// ---- the budget: groups of saved answers, least recently opened dropped first ----

interface GroupRecord extends SavedGroup {
  /** Saved answers of the group and their sizes. */
  urls: Record<string, number>;
}

let indexLock: Promise<unknown> = Promise.resolve();
/** One change to a group index at a time: two pictures arriving together must not race. */
function withIndex(cacheName: string, change: (groups: GroupRecord[], cache: Cache) => Promise<GroupRecord[]>): Promise<void> {
  const run = indexLock.then(async () => {
    if (forgotten) return;
    const cache = await caches.open(cacheName);
    const stored = await cache.match(indexUrl(cacheName));
    const groups = stored ? await stored.json() as GroupRecord[] : [];
    const next = await change(groups, cache);
    await cache.put(indexUrl(cacheName), new Response(JSON.stringify(next), { headers: { 'Content-Type': 'application/json' } }));
  });
  indexLock = run.catch(() => undefined);
  return run;
}

function rememberInGroup(cacheName: string, budget: Budget, groupKey: string, url: string, response: Response, create: boolean): Promise<void> {
  return withIndex(cacheName, async (groups, cache) => {
    let group = groups.find((candidate) => candidate.key === groupKey);
    if (!group) {
      if (!create) return groups;
      group = { key: groupKey, bytes: 0, usedAt: 0, urls: {} };
      groups.push(group);
    }
    const body = await response.arrayBuffer();
    await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }));
    group.urls[url] = body.byteLength;
    group.bytes = Object.values(group.urls).reduce((total, bytes) => total + bytes, 0);
    group.usedAt = Date.now();
    const evicted = new Set(groupsToEvict(groups, budget));
    for (const old of groups.filter((candidate) => evicted.has(candidate.key))) {
      for (const oldUrl of Object.keys(old.urls)) await cache.delete(oldUrl);
    }
    return groups.filter((candidate) => !evicted.has(candidate.key));
  });
}

function touchGroup(cacheName: string, groupKey: string): Promise<void> {
  return withIndex(cacheName, async (groups) => {
    const group = groups.find((candidate) => candidate.key === groupKey);
    if (group) group.usedAt = Date.now();
    return groups;
  });
}
