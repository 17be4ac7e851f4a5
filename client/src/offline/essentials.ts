// The essentials a visitor has without a connection from the first visit on, whatever page they
// landed on: the one list of them, and how they are read, shared by the page (which asks the
// service worker once it is idle, saveEssentials.ts) and the worker (which saves them,
// worker/essentials.ts). Each is saved at its language addresses (/ar/e/VOT, /en/e/VOT) and at its
// unprefixed one in both languages: a visitor moves among one kind or the other.
import { imageVariantPath, type ImageVariantWidth } from '@shared/domain';
import { cityPagePath } from '@shared/public-paths';
import { PAGE_DATA_ELEMENT_ID } from '../ssr/pageDataId';

/**
 * The emergency numbers, the help pages, contact and the texts about the site and trafficking, in
 * the order they are saved, as unprefixed pages. The service map comes before the cities: its data
 * names them.
 */
export const ESSENTIAL_PAGES = ['/e/Emergency', '/e/VOT', '/', '/seeking_help', '/servicemap', '/contact', '/about', '/ht'] as const;

/** Both languages are saved: a visitor may switch, and the worker falls back to the other copy. */
export const OFFLINE_LANGUAGES = ['en', 'ar'] as const;

/** On a later visit the essentials are fetched again once this old (conditional requests: mostly 304s). */
export const ESSENTIALS_REFRESH_MS = 60 * 60_000;

/** Pictures are saved in this width only (the smallest variant): offline, it stands in for every width. */
export const OFFLINE_PICTURE_WIDTH: ImageVariantWidth = 480;

/** What a page asks the worker for. */
export interface EssentialsRequest {
  /** The page the visitor is on: the first page of a visit loads before any worker, so it is saved too. */
  landing: string;
  /** False on a phone that asked to save data: the text only. */
  pictures: boolean;
}

/** Never saved, or saved longer ago than the refresh interval (or a clock set back): fetch again. */
export function isRefreshDue(savedAt: number | null, now: number): boolean {
  return savedAt === null || now - savedAt >= ESSENTIALS_REFRESH_MS || now < savedAt;
}

/**
 * The API answers a server-rendered page carries for its hydration (its JSON data element): the
 * same answers the API gives any anonymous visitor, so the worker keeps them for the moves between
 * pages made offline, without asking the server again. Failed answers are left out.
 */
export function answersIn(html: string): Record<string, unknown> {
  const start = html.indexOf(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`);
  if (start < 0) return {};
  const from = html.indexOf('>', start) + 1;
  try {
    const data = JSON.parse(html.slice(from, html.indexOf('</script>', from))) as { answers?: Record<string, { data?: unknown }> };
    const answers: Record<string, unknown> = {};
    for (const [path, answer] of Object.entries(data.answers ?? {})) if (answer && 'data' in answer) answers[path] = answer.data;
    return answers;
  } catch {
    return {};
  }
}

/** The city pages named by the service map's answer (GET /api/maps: a list of cities with a name). */
export function cityPagesIn(answers: Record<string, unknown>): string[] {
  const cities = answers['/api/maps'];
  if (!Array.isArray(cities)) return [];
  return cities.map((city: { name?: unknown }) => city?.name).filter((name): name is string => typeof name === 'string').map(cityPagePath);
}

const UPLOADED_PICTURE = /\/uploads\/([A-Za-z0-9_-]+?)(?:-\d+w)?\.(webp|png|jpe?g|gif|avif)\b/g;

/** The uploaded pictures a page's HTML shows, each as the one variant kept offline. */
export function picturesOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(UPLOADED_PICTURE)) {
    found.add(imageVariantPath(`/uploads/${match[1]}.${match[2]}`, OFFLINE_PICTURE_WIDTH));
  }
  return [...found];
}

/** Every width of an uploaded picture shares one base: /uploads/abc-960w.webp → /uploads/abc. */
export function pictureBase(path: string): string | null {
  return /^(\/uploads\/[A-Za-z0-9_-]+?)(?:-\d+w)?\.[a-z0-9]+$/.exec(path)?.[1] ?? null;
}
