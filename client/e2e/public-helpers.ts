// Shared helpers of the public-site browser tests: test data through the real API, console-error
// collection, and a stub for the quick exit's neutral site so nothing leaves the machine.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT || 4173}`;
export const QUICK_EXIT_URL = 'https://www.bbc.com/weather';

// A 1×1 PNG, so posts and cities have real images and no request ends in a 404.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let cachedToken: string | null = null;

export async function adminToken(request: APIRequestContext): Promise<string> {
  if (cachedToken) return cachedToken;
  const response = await request.post('/api/users/login', { data: E2E_ADMIN });
  expect(response.ok()).toBeTruthy();
  cachedToken = ((await response.json()) as { token: string }).token;
  return cachedToken;
}

async function authed(request: APIRequestContext) {
  return { Authorization: `Bearer ${await adminToken(request)}` };
}

export async function uploadImage(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/upload', {
    headers: await authed(request),
    multipart: { image: { name: 'pixel.png', mimeType: 'image/png', buffer: PNG_1X1 } },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as string;
}

export interface TestPost {
  _id: string;
  title: string;
  describtion: string;
  createdAt: string;
}

export async function createPost(request: APIRequestContext, body: Record<string, unknown>): Promise<TestPost> {
  const response = await request.post('/api/posts', {
    headers: await authed(request),
    data: { language: 'en', type: 'International', describtion: 'A test post.', ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TestPost;
}

export async function createCity(request: APIRequestContext, name: string): Promise<void> {
  const image = await uploadImage(request);
  const response = await request.post('/api/maps', {
    headers: await authed(request),
    data: {
      name, thumbnail: image, countryMap: image, cityMap: image, cityMapAdd: image,
      branch: [{ address: `${name} main street 1`, phone: '+964 770 123 4567', email: 'branch@example.org' }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export async function createItem(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<void> {
  const response = await request.post(path, { headers: await authed(request), data });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Collects console errors and page errors; call the returned function at the end of a test. A page
 * of the not-found screen is a real 404 on purpose: that document's status (and Chromium's console
 * line about it) is not an error.
 */
export function watchConsole(page: Page): () => void {
  const errors: string[] = [];
  const notFoundPages = new Set<string>();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (notFoundPages.has(message.location().url) && /status of 404/.test(message.text())) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() === 404 && response.request().isNavigationRequest()) {
      notFoundPages.add(response.url());
      return;
    }
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return () => expect(errors, 'console errors').toEqual([]);
}

/** The server's page is on screen at once; its buttons and keys work once it is hydrated. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
}

/** Answers the neutral site locally: the quick exit never reaches the internet in tests. */
export async function stubNeutralSite(page: Page): Promise<void> {
  await page.context().route('https://www.bbc.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Weather</title><h1>Weather stub</h1>' }));
}

/** Opens a path with the language cookie and the theme already chosen. */
export async function openAs(page: Page, path: string, options: { language?: 'en' | 'ar'; theme?: 'dark' | 'light' } = {}): Promise<void> {
  await page.context().addCookies([{ name: 'i18next', value: options.language ?? 'en', url: BASE_URL }]);
  if (options.theme) await page.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', options.language ?? 'en');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await waitForHydration(page);
}

/** Every kind of public page: the fixed ones, a city, a post, a list, a search and an unknown address. */
export function everyPublicPage(postId: string): string[] {
  return ['/', '/about', '/ht', '/international', '/servicemap', '/maps/Baghdad', '/useful_tools', '/seeking_help', '/trainingtool',
    '/assessmentform', '/contact', '/search', '/search?keyword=law', '/posts/International', `/p/${postId}`, '/e/Emergency', '/e/VOT',
    '/browse-safely', '/test', '/no/such/page'];
}

/** The pages a visitor in need opens (client/src/lib/helpPages.ts): nothing opens by itself there. */
export const HELP_PAGES = new Set(['/e/Emergency', '/e/VOT', '/seeking_help', '/servicemap', '/maps/Baghdad', '/contact']);

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1366, height: 768 };

/** The quick exit's name in the page's language (the button reads in both). */
export function exitButton(page: Page) {
  return page.getByRole('button', { name: /Exit this page|اخرج من هذه الصفحة/ });
}

/**
 * Whether the element at the centre of each of the two buttons is that button (or inside it):
 * nothing lies over them.
 */
export function exitAndHotlineOnTop(page: Page): Promise<{ exit: boolean; hotline: boolean }> {
  return page.evaluate(() => {
    const onTop = (selector: string) => {
      const button = document.querySelector(selector);
      if (!button) return false;
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !!hit && (hit === button || button.contains(hit));
    };
    return { exit: onTop('a.quick-exit'), hotline: onTop('a.emergency-button') };
  });
}
