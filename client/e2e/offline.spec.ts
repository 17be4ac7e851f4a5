// The public site without a connection: pages a visitor opened come back from the service worker's
// copy (real content, in the visitor's language) with a bilingual notice, the 533 link and the
// quick exit; the essentials (emergency numbers, help pages, every city) are there from the first
// visit, whatever page it was; the dashboard says it needs a connection; nothing private is ever
// stored; and the quick exit leaves no trace of the site.
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
    await fetch('/api/emergency/Emergency?staff-read=1', { headers: { Authorization: `Bearer ${token}` } });
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
  // The staff's public read went with their token: not stored (the essentials keep the anonymous
  // answer of that route, under its own address, asked without any token).
  expect(entries.some((entry) => entry.url.includes('staff-read'))).toBe(false);
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

const savedKey = (path: string, language: 'en' | 'ar') => `${BASE_URL}${path}?offline-language=${language}`;

/**
 * Waits until the worker has saved these pages in both languages (it does so once the page is
 * idle) and finished its round (its index is written last, after the pictures).
 */
async function waitForSaved(page: Page, paths: string[]): Promise<void> {
  const wanted = [...paths.flatMap((path) => [savedKey(path, 'en'), savedKey(path, 'ar')]), `${BASE_URL}/offline-index/essentials`];
  await expect.poll(async () => {
    const urls = new Set((await savedEntries(page)).map((entry) => entry.url));
    return wanted.filter((url) => !urls.has(url));
  }, { message: 'essentials saved', timeout: 30_000 }).toEqual([]);
}

const NUMBERS = {
  en: { emergency: 'Emergency numbers', vot: 'Support for victims of trafficking', hotline: 'Anti-trafficking hotline (free, 24 hours)', notice: OFFLINE_EN },
  ar: { emergency: 'أرقام الطوارئ', vot: 'دعم ضحايا الاتجار بالبشر', hotline: 'الخط الساخن لمكافحة الاتجار بالبشر (مجاني، على مدار الساعة)', notice: OFFLINE_AR },
} as const;

for (const [first, viewport] of [['en', { width: 360, height: 740 }], ['ar', { width: 1366, height: 768 }]] as const) {
  test(`after a first visit to /about only (${first}, ${viewport.width} px), the emergency numbers, the victims' numbers and a city's branches show offline with the notice, in English and Arabic`, async ({ page, context }) => {
    await page.setViewportSize(viewport);
    const visited: string[] = [];
    page.on('request', (request) => { if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname); });
    await openAs(page, '/about', { language: first });
    await waitForWorkerControl(page);
    await waitForSaved(page, ['/e/Emergency', '/e/VOT', '/', '/seeking_help', '/servicemap', '/contact', '/about', '/ht', '/maps/Baghdad', '/maps/Erbil']);
    // The visitor opened nothing but /about: the rest was saved by the worker on its own.
    expect(visited).toEqual(['/about']);

    await context.setOffline(true);
    for (const language of ['en', 'ar'] as const) {
      const text = NUMBERS[language];
      await context.addCookies([{ name: 'i18next', value: language, url: BASE_URL }]);
      await page.goto('/e/Emergency');
      await expect(page.locator('html')).toHaveAttribute('data-offline-copy', 'true');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.emergency);
      await expect(page.locator('a.call-card[href="tel:533"]')).toContainText(text.hotline);
      await expect(page.locator('a.call-card[href="tel:104"]')).toBeVisible();
      const notice = page.getByRole('status').filter({ hasText: text.notice });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(language === 'ar' ? OFFLINE_EN : OFFLINE_AR);

      await page.goto('/e/VOT');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.vot);
      await expect(page.locator('a.call-card[href^="tel:"]').first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: text.notice })).toBeVisible();

      await page.goto('/maps/Baghdad');
      // The saved Arabic copy names the city in Arabic.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'ar' ? 'بغداد' : 'Baghdad');
      await expect(page.getByRole('link', { name: '+964 770 000 0101' })).toHaveAttribute('href', 'tel:+9647700000101');
      await expect(page.getByRole('status').filter({ hasText: text.notice })).toBeVisible();
      await expect(page.locator('a.emergency-button[href="tel:533"]')).toBeVisible();
      // Its maps too: the width saved offline stands in for the width the page asks for.
      await waitForHydration(page);
      await expect.poll(() => page.locator('main img').first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
      // Moving inside the site offline: the service map's data was saved with the pages.
      await page.getByRole('link', { name: language === 'ar' ? 'رجوع' : 'Back', exact: true }).click();
      await expect(page).toHaveURL(/\/servicemap$/);
      await expect(page.getByRole('link', { name: language === 'ar' ? 'أربيل' : 'Erbil' })).toHaveAttribute('href', '/maps/Erbil');
    }
  });
}

test('the page a visit began on is saved too, in both languages, even when it is not an essential (a post)', async ({ page, request, context }) => {
  const post = await createPost(request, { title: 'Landing post saved for offline', describtion: 'Opened first, before any worker.' });
  await openAs(page, `/p/${post._id}`);
  await waitForWorkerControl(page);
  await waitForSaved(page, [`/p/${post._id}`, '/e/Emergency']);
  await context.setOffline(true);
  await page.goto(`/p/${post._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Landing post saved for offline');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_EN })).toBeVisible();
});

test('a first visit at a language address saves the essentials at the language addresses too; offline, a visitor moves among them in that language', async ({ page, request, context }) => {
  const post = await createPost(request, { language: 'ar', title: 'منشور محفوظ للقراءة دون اتصال', describtion: 'فتح أولاً.' });
  // The cookie says English; the address says Arabic.
  await context.addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
  await page.goto(`/ar/p/${post._id}`);
  await waitForHydration(page);
  await waitForWorkerControl(page);
  const languageKeys = ['/e/Emergency', '/e/VOT', '/', '/seeking_help', '/servicemap', '/contact', '/about', '/ht', '/maps/Baghdad']
    .flatMap((path) => [savedKey(`/ar${path}`, 'ar'), savedKey(`/en${path}`, 'en')]);
  // The landing post in its one language only (a language address has no other).
  const wanted = [...languageKeys, savedKey(`/ar/p/${post._id}`, 'ar'), savedKey('/e/Emergency', 'ar'), savedKey('/e/Emergency', 'en')];
  await expect.poll(async () => {
    const urls = new Set((await savedEntries(page)).map((entry) => entry.url));
    return wanted.filter((url) => !urls.has(url));
  }, { message: 'essentials saved at every address', timeout: 30_000 }).toEqual([]);
  expect((await savedEntries(page)).some((entry) => entry.url === savedKey(`/ar/p/${post._id}`, 'en'))).toBe(false);

  await context.setOffline(true);
  await page.goto(`/ar/p/${post._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('منشور محفوظ للقراءة دون اتصال');
  // From the worker's copy, or from the browser's own cache for the seconds the server allows (a
  // language address varies by nothing the worker's request lacked): the page either way.
  await page.goto('/ar/seeking_help');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_AR })).toBeVisible();
  await page.locator('.link-buttons').getByRole('link', { name: 'أرقام الطوارئ' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/e/Emergency`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NUMBERS.ar.emergency);
  await expect(page.locator('a.call-card[href="tel:533"]')).toContainText(NUMBERS.ar.hotline);
  await page.goto('/en/e/VOT');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NUMBERS.en.vot);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_EN })).toBeVisible();
});

test('the essentials are kept fresh: a later visit, once the saved copy is old, saves the numbers staff changed', async ({ page, request, context }) => {
  const admin = await apiLogin(request);
  await openAs(page, '/contact');
  await waitForWorkerControl(page);
  await waitForSaved(page, ['/e/VOT']);
  const created = await request.post('/api/emergency', { headers: auth(admin), data: { type: 'VOT', value: '7788', nameEN: 'New shelter line', nameAR: 'خط الملجأ الجديد' } });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = await created.json() as { _id: string };
  try {
    // Within the refresh interval a later visit changes nothing.
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(1_500);
    const savedVot = () => page.evaluate(async (key) => (await caches.match(key))?.text() ?? '', savedKey('/e/VOT', 'ar'));
    expect(await savedVot()).not.toContain('7788');
    // An hour later (the saved copy's time set back an hour), the next visit fetches them again.
    await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        if (!name.startsWith('offline-essentials-')) continue;
        const cache = await caches.open(name);
        const key = `${location.origin}/offline-index/essentials`;
        await cache.put(key, new Response(JSON.stringify({ savedAt: Date.now() - 61 * 60_000 })));
      }
    });
    await page.reload();
    await waitForHydration(page);
    await expect.poll(savedVot, { timeout: 30_000 }).toContain('7788');
    await context.setOffline(true);
    await context.addCookies([{ name: 'i18next', value: 'ar', url: BASE_URL }]);
    await page.goto('/e/VOT');
    await expect(page.getByText('خط الملجأ الجديد')).toBeVisible();
    await expect(page.locator('a[href="tel:7788"]')).toBeVisible();
  } finally {
    await context.setOffline(false);
    await request.delete(`/api/emergency/${id}`, { headers: auth(admin) });
  }
});

test('a quick exit while the essentials are being saved leaves no cache and no worker behind', async ({ page, context }) => {
  await stubNeutralSite(page);
  // The city pages answer slowly, so the exit comes in the middle of the worker's round.
  await context.route(/\/maps\/[^/]+$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue().catch(() => undefined);
  });
  await openAs(page, '/about', { language: 'ar' });
  await waitForWorkerControl(page);
  await expect.poll(async () => (await savedEntries(page)).some((entry) => entry.url === savedKey('/servicemap', 'ar')), { timeout: 30_000 }).toBe(true);
  expect((await savedEntries(page)).some((entry) => entry.url.endsWith('/offline-index/essentials'))).toBe(false);
  await page.getByRole('button', { name: /Exit this page/ }).click();
  await page.waitForURL(QUICK_EXIT_URL);
  await page.goto('/api/health');
  const traces = () => page.evaluate(async () => ({
    caches: (await caches.keys()).filter((name) => name.startsWith('offline-')).length,
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
  await expect.poll(traces).toEqual({ caches: 0, workers: 0 });
  // Nothing written late by the round that was under way (its slow answers arrive meanwhile).
  await page.waitForTimeout(6_000);
  expect(await traces()).toEqual({ caches: 0, workers: 0 });
});
