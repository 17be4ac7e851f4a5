// The public site without a connection: pages a visitor opened come back from the service worker's
// copy (real content, in the visitor's language) with a bilingual notice, the 533 link and the
// quick exit; the dashboard says it needs a connection; nothing private is ever stored; and the
// quick exit leaves no trace of the site.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, openAs as openAsStaff } from './dashboard-helpers';
import { BASE_URL, createPost, openAs, QUICK_EXIT_URL, stubNeutralSite, uploadImage, waitForHydration } from './public-helpers';

const OFFLINE_EN = 'You are offline. Showing saved information.';
const OFFLINE_AR = 'أنت غير متصل بالإنترنت. نعرض لك المعلومات المحفوظة.';

async function waitForWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 20_000 });
}

interface SavedEntry { cache: string; url: string; method: string; authorization: string | null; cacheControl: string | null }

/** Every entry of every cache of the site, as the page itself sees them. */
function savedEntries(page: Page): Promise<SavedEntry[]> {
  return page.evaluate(async () => {
    const entries: SavedEntry[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({
          cache: name, url: request.url, method: request.method,
          authorization: request.headers.get('Authorization'), cacheControl: response?.headers.get('Cache-Control') ?? null,
        });
      }
    }
    return entries;
  });
}

/** Opens a page online and waits until the worker has saved it (in the page's language). */
async function visitAndSave(page: Page, path: string, language: 'en' | 'ar'): Promise<string> {
  await openAs(page, path, { language });
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
  const key = `${BASE_URL}${path}${path.includes('?') ? '&' : '?'}offline-language=${language}`;
  await expect.poll(async () => (await savedEntries(page)).some((entry) => entry.url === key), { message: `${path} saved` }).toBe(true);
  return heading;
}

test('pages opened online come back offline, with real content, the notice, 533 and the quick exit', async ({ page, request, context }) => {
  const picture = await uploadImage(request);
  const post = await createPost(request, { title: 'Offline readable post', describtion: 'Saved for reading without a connection.', image: picture });
  await stubNeutralSite(page);
  await openAs(page, '/');
  await waitForWorkerControl(page);

  const headings: Record<string, string> = {};
  for (const path of ['/', '/e/Emergency', '/maps/Baghdad', `/p/${post._id}`]) headings[path] = await visitAndSave(page, path, 'en');
  const arabicHeading = await visitAndSave(page, '/e/Emergency', 'ar');
  expect(arabicHeading).not.toBe(headings['/e/Emergency']);

  // The post's picture is saved with the post, in the posts' own cache: the file the page loaded,
  // the picture itself or the width variant its srcset chose (name-960w.webp).
  const pictureFiles = new RegExp(`^${BASE_URL}${picture.replace(/\.webp$/, '')}(-\\d+w)?\\.webp$`);
  await expect.poll(async () => (await savedEntries(page)).some((entry) => pictureFiles.test(entry.url) && entry.cache.startsWith('offline-posts-'))).toBe(true);

  await context.setOffline(true);
  await context.addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
  for (const path of Object.keys(headings)) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-offline-copy', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(headings[path]);
    await waitForHydration(page);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_EN })).toBeVisible();
    await expect(page.locator('a.emergency-button[href="tel:533"]')).toBeVisible();
  }
  await expect(page.getByText('Saved for reading without a connection.')).toBeVisible();
  // The post's picture was saved with it: it shows offline too.
  await expect.poll(() => page.locator('img.post-image').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

  // The same address in Arabic: the Arabic copy, right to left, the notice in Arabic.
  await context.addCookies([{ name: 'i18next', value: 'ar', url: BASE_URL }]);
  await page.goto('/e/Emergency');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(arabicHeading);
  await waitForHydration(page);
  const notice = page.getByRole('status').filter({ hasText: OFFLINE_AR });
  await expect(notice).toBeVisible();
  await expect(page.locator('a.emergency-button[href="tel:533"]')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('.offline-notice').analyze();
  expect(axe.violations).toEqual([]);

  // The quick exit still leaves: the worker never touches another site's address.
  await page.getByRole('button', { name: /اخرج من هذه الصفحة/ }).click();
  await page.waitForURL(QUICK_EXIT_URL);
  await expect(page.getByRole('heading', { name: 'Weather stub' })).toBeVisible();
});

test('a page never opened falls back to the shell offline; the dashboard says it needs a connection', async ({ page, context }) => {
  await openAs(page, '/');
  await waitForWorkerControl(page);
  await context.setOffline(true);

  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-offline-copy', 'true');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_EN })).toBeVisible();
  await expect(page.locator('a.emergency-button[href="tel:533"]')).toBeVisible();

  for (const path of ['/dashboard', '/dashboard/posts', '/login_page_2022']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'The dashboard needs a connection' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'تحتاج لوحة التحكم إلى اتصال' })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
  }
  await page.getByRole('link', { name: /Public site/ }).click();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_EN })).toBeVisible();
});

test('nothing private is stored: staff pages, drafts, token-bearing answers, logins and writes', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const draft = await createPost(request, { title: 'Private draft for the offline test', state: 'draft' });
  // A staff member who browses the public site while logged in: the worker is registered there.
  await openAsStaff(page, admin, '/');
  await waitForHydration(page);
  await waitForWorkerControl(page);
  await page.goto('/e/Emergency');
  await waitForHydration(page);
  await page.goto(`/p/${draft._id}`);
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`/dashboard/posts/${draft._id}`);
  await expect(page.getByLabel(/title/i).first()).toHaveValue('Private draft for the offline test');
  await page.goto('/login_page_2022');
  // Writes while the worker is in control: a post saved, a login, a page view.
  expect((await page.evaluate(async ({ token, id }) => (await fetch(`/api/posts/${id}`, {
    method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'Private draft, edited' }),
  })).status, { token: admin.token, id: draft._id }))).toBeLessThan(500);
  await page.evaluate(async () => { await fetch('/api/users/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }); });
  await page.evaluate(async () => { await fetch('/api/auth/refresh'); });
  // The same kind of public read, with the staff's token and without: only the anonymous one is kept.
  await page.evaluate(async (token) => {
    await fetch('/api/emergency/Emergency', { headers: { Authorization: `Bearer ${token}` } });
    await fetch('/api/contact');
  }, admin.token);
  // Give the worker time to store anything it (wrongly) would.
  await page.goto('/');
  await waitForHydration(page);
  await page.waitForTimeout(500);

  const entries = await savedEntries(page);
  expect(entries.length).toBeGreaterThan(10); // the shell is there: the check below looks at a real cache
  for (const entry of entries) {
    expect(entry.url, entry.url).not.toMatch(/\/(dashboard|login_page_2022)|\/api\/(auth|users|upload)/);
    expect(entry.url, entry.url).not.toContain(draft._id);
    expect(entry.method).toBe('GET');
    expect(entry.authorization).toBeNull();
    expect(entry.cacheControl ?? '', entry.url).not.toMatch(/private|no-store/);
  }
  // The staff's public reads went with their token: not stored either.
  expect(entries.some((entry) => entry.url.includes('/api/emergency/'))).toBe(false);
  expect(entries.some((entry) => entry.url === `${BASE_URL}/api/contact`)).toBe(true);
  expect(await request.delete(`/api/posts/${draft._id}`, { headers: auth(admin) }).then((response) => response.status())).toBeLessThan(500);
});

test('the quick exit leaves first, then deletes the saved pages and unregisters the worker', async ({ page }) => {
  await stubNeutralSite(page);
  await openAs(page, '/');
  await waitForWorkerControl(page);
  await visitAndSave(page, '/e/Emergency', 'en');
  await page.getByRole('button', { name: /Exit this page/ }).click();
  await page.waitForURL(QUICK_EXIT_URL);
  // Back on the site (a plain JSON address, which registers nothing): no trace is left.
  await page.goto('/api/health');
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('offline-')).length)).toBe(0);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});
