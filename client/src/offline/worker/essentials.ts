// The worker's side of the essentials (../essentials.ts): when a page asks and the saved copy is
// missing or old, fetches the essential pages and every city page in both languages, each at its
// language address (/ar/about) and at its unprefixed one (/about, asked in that language), one request
// at a time at low priority and without cookies (the server answers what any anonymous visitor
// gets in that language), keeps the API answers those pages carry, then their pictures as space
// allows. Nothing is kept that the offline rules (../policy.ts) would not keep for a visitor.
import { Allowance, ESSENTIALS_BUDGET_BYTES } from '../budget';
import {
  answersIn, cityPagesIn, ESSENTIAL_PAGES, isRefreshDue, OFFLINE_LANGUAGES, picturesOf, type EssentialsRequest,
} from '../essentials';
import { handlingOf, isStorable, pageCacheKey } from '../policy';
import { addressLanguageOf, languagePath, withoutLanguage } from '@shared/public-paths';

type Language = (typeof OFFLINE_LANGUAGES)[number];

export interface EssentialsPlace {
  origin: string;
  precached: ReadonlySet<string>;
  /** Where the essential pages and their pictures are kept (their own budget). */
  essentialsCache: string;
  /** Where the public API reads are kept (the worker's stale-while-revalidate reads it). */
  dataCache: string;
  /** The visitor's language: saved first. */
  preferredLanguage(): Promise<Language>;
  /** Saves the landing page as a page opened online is saved (its group, its budget). */
  saveLanding(address: string, language: Language, response: Response): Promise<void>;
  hasSavedPage(address: string, language: Language): Promise<boolean>;
  /** True once the quick exit asked to forget everything: nothing is written any more. */
  isForgotten(): boolean;
}

/** The request as a page sent it, or null; the landing page only if it is a page the rules keep. */
export function checkedRequest(raw: unknown, place: Pick<EssentialsPlace, 'origin' | 'precached'>): EssentialsRequest | null {
  const request = raw as Partial<EssentialsRequest> | null;
  if (!request || typeof request.landing !== 'string') return null;
  const landing = request.landing.startsWith('/') && !request.landing.startsWith('//') && isKeptPage(request.landing, place) ? request.landing : '/';
  return { landing, pictures: request.pictures !== false };
}

function isKeptPage(path: string, place: Pick<EssentialsPlace, 'origin' | 'precached'>): boolean {
  const handling = handlingOf({ url: new URL(path, place.origin).href, method: 'GET', mode: 'navigate', hasAuthorization: false, origin: place.origin, precached: place.precached });
  return handling.kind === 'page' && handling.store;
}

function isKeptData(path: string, place: Pick<EssentialsPlace, 'origin' | 'precached'>): boolean {
  return handlingOf({ url: new URL(path, place.origin).href, method: 'GET', mode: 'cors', hasAuthorization: false, origin: place.origin, precached: place.precached }).kind === 'essential-data';
}

/** Path and query as the browser sends them (percent-encoded), so keys match its navigations. */
function normalised(origin: string, path: string): string {
  const url = new URL(path, origin);
  return url.pathname + url.search;
}

const indexKey = (origin: string) => `${origin}/offline-index/essentials`;

let running: { done: Promise<void>; stop: AbortController } | null = null;

/** Saves the essentials unless a save is under way. */
export function saveEssentials(request: EssentialsRequest, place: EssentialsPlace): Promise<void> {
  if (!running) {
    const stop = new AbortController();
    running = { stop, done: run(request, place, stop.signal).catch(() => undefined).finally(() => { running = null; }) };
  }
  return running.done;
}

/** The quick exit: a save under way stops at once; resolves when it has stopped writing. */
export function stopSavingEssentials(): Promise<void> {
  if (!running) return Promise.resolve();
  running.stop.abort();
  return running.done;
}

async function run(request: EssentialsRequest, place: EssentialsPlace, signal: AbortSignal): Promise<void> {
  // One request at a time, at low priority, and never with the visitor's cookies.
  const get = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, place.origin).href, { ...init, signal, credentials: 'omit', priority: 'low' } as RequestInit).catch(() => null);
  const getPage = (address: string, language: Language) => get(address, { cache: 'no-cache', headers: { 'Accept-Language': language } });
  const preferred = await place.preferredLanguage();
  const languages: Language[] = [preferred, ...OFFLINE_LANGUAGES.filter((language) => language !== preferred)];
  const landing = normalised(place.origin, request.landing);
  const landingPage = withoutLanguage(landing);
  // A language address has its own language only.
  const landingLanguage = addressLanguageOf(landing);
  if (!/^\/maps\//.test(landingPage) && !(ESSENTIAL_PAGES as readonly string[]).includes(landingPage)) {
    await saveLanding(landing, landingLanguage ? [landingLanguage] : languages, place, getPage);
  }

  // Checked before opening a cache: opening one creates it.
  if (place.isForgotten()) return;
  const cache = await caches.open(place.essentialsCache);
  const index = await cache.match(indexKey(place.origin));
  const savedAt = index ? (await index.json() as { savedAt?: number }).savedAt ?? null : null;
  if (!isRefreshDue(savedAt, Date.now()) || place.isForgotten()) return;

  const allowance = new Allowance(ESSENTIALS_BUDGET_BYTES);
  const kept = new Set<string>([indexKey(place.origin)]);
  const keep = async (key: string, response: Response): Promise<ArrayBuffer | null> => {
    if (!isStorable(response.status, response.headers.get('Cache-Control'))) return null;
    const body = await response.arrayBuffer();
    if (place.isForgotten() || !allowance.take(body.byteLength)) return null;
    await cache.put(key, new Response(body, { status: 200, statusText: response.statusText, headers: response.headers }));
    kept.add(key);
    return body;
  };

  // The text first, the visitor's language first. The service map's data names the cities.
  const pages: string[] = [...ESSENTIAL_PAGES];
  const answers: Record<string, unknown> = {};
  const pictures = new Set<string>();
  for (const language of languages) {
    for (let position = 0; position < pages.length; position++) {
      for (const address of [languagePath(language, pages[position]), pages[position]].map((page) => normalised(place.origin, page))) {
        const response = await getPage(address, language);
        if (!response?.headers.get('Content-Type')?.startsWith('text/html')) continue;
        const served = response.headers.get('Content-Language') === 'ar' ? 'ar' : 'en';
        const body = await keep(pageCacheKey(place.origin, address, served), response);
        if (!body) continue;
        const html = new TextDecoder().decode(body);
        Object.assign(answers, answersIn(html));
        if (pages[position] === '/servicemap') for (const city of cityPagesIn(answers)) if (!pages.includes(city)) pages.push(city);
        if (request.pictures) for (const picture of picturesOf(html)) pictures.add(picture);
      }
    }
  }
  if (place.isForgotten()) return;
  const data = await caches.open(place.dataCache);
  for (const [path, answer] of Object.entries(answers)) {
    if (place.isForgotten()) return;
    if (isKeptData(path, place)) {
      await data.put(new URL(path, place.origin).href, new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
    }
  }
  // Pictures as space allows (the smallest width; it stands in for the others offline).
  for (const picture of pictures) {
    const response = await get(picture);
    if (response) await keep(new URL(picture, place.origin).href, response);
  }
  if (place.isForgotten()) return;
  // What is no longer essential (a city removed, a picture replaced) goes.
  for (const entry of await cache.keys()) if (!kept.has(entry.url)) await cache.delete(entry);
  await cache.put(indexKey(place.origin), new Response(JSON.stringify({ savedAt: Date.now() }), { headers: { 'Content-Type': 'application/json' } }));
}

/** The page the visit began on came before the worker: saved now in both languages, once. */
async function saveLanding(landing: string, languages: Language[], place: EssentialsPlace,
  getPage: (address: string, language: Language) => Promise<Response | null>): Promise<void> {
  for (const language of languages) {
    if (place.isForgotten() || await place.hasSavedPage(landing, language)) continue;
    const response = await getPage(landing, language);
    if (response?.ok && response.headers.get('Content-Type')?.startsWith('text/html')) {
      await place.saveLanding(landing, response.headers.get('Content-Language') === 'ar' ? 'ar' : 'en', response);
    }
  }
}
