// Server-rendered pages hydrate in the browser without mismatch or console noise, without
// fetching again what the page already holds, and keep working after hydration; without
// JavaScript the content, the search form and the quick exit still work.
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, createCity, createPost, QUICK_EXIT_URL, stubNeutralSite, waitForHydration, watchConsole } from './public-helpers';

/** API reads a hydrating page may make: the visitor count and the rating averages are never in the server's page. */
const BROWSER_ONLY_READS = /^\/api\/(visitor|rating)$/;

function watchWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || /hydrat|did not match|mismatch/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

function watchApiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/') && !BROWSER_ONLY_READS.test(url.pathname)) reads.push(url.pathname + url.search);
  });
  return reads;
}

let postId = '';
const cityName = `Hydra${Date.now() % 100000}`;

test.beforeAll(async ({ request }) => {
  postId = (await createPost(request, { title: 'Hydration check post', describtion: 'Read on the server, hydrated in the browser.', type: 'Iraq' }))._id;
  await createCity(request, cityName);
});

for (const language of ['en', 'ar'] as const) {
  test(`every public route hydrates in ${language} without mismatch, errors or a second fetch`, async ({ page }) => {
    const routes = ['/', '/about', '/ht', '/international', '/servicemap', `/maps/${cityName}`, '/useful_tools', '/seeking_help',
      '/trainingtool', '/assessmentform', '/contact', '/search', '/search?keyword=law', '/posts/Iraq', '/posts/International?p=2',
      `/p/${postId}`, '/e/Emergency', '/e/VOT', '/browse-safely', '/test', '/no/such/page'];
    await page.context().addCookies([{ name: 'i18next', value: language, url: BASE_URL }]);
    const checkConsole = watchConsole(page);
    const warnings = watchWarnings(page);
    const reads = watchApiReads(page);
    for (const path of routes) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('html'), path).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    checkConsole();
    expect(warnings, 'hydration warnings').toEqual([]);
    expect(reads, 'data fetched again after the server had put it in the page').toEqual([]);
  });
}

test('after hydration, pagination moves without reloading the page, and the language switch re-renders', async ({ page, request }) => {
  for (let index = 0; index < 10; index += 1) await createPost(request, { title: `Paging ${index}`, type: 'Guide' });
  await page.context().addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
  await page.goto('/posts/Guide');
  await waitForHydration(page);
  await page.evaluate(() => { (window as unknown as { marker: string }).marker = 'same page'; });
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/posts\/Guide\?p=2$/);
  await expect(page.getByRole('link', { name: 'Paging 0' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

  await page.getByRole('button', { name: 'AR' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الأدلة');
});

test('after hydration the quick exit hides the page at once and leaves with location.replace', async ({ page }) => {
  await stubNeutralSite(page);
  await page.goto('/about');
  await waitForHydration(page);
  await page.getByRole('button', { name: /Exit this page/ }).click();
  await expect(page.locator('#root')).toBeHidden();
  await page.waitForURL(QUICK_EXIT_URL);
  await page.goBack();
  expect(page.url()).not.toContain(BASE_URL);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the content, the menu and 533 are there, search is a plain form and the quick exit a plain link', async ({ page }) => {
    await stubNeutralSite(page);
    await page.goto(`/p/${postId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hydration check post');
    await expect(page.getByText('Read on the server, hydrated in the browser.')).toBeVisible();
    await expect(page.locator('a.emergency-button')).toHaveAttribute('href', 'tel:533');

    await page.goto('/search');
    await page.getByLabel('Search posts by keyword').fill('Hydration');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?keyword=Hydration$/);
    await expect(page.getByRole('link', { name: 'Hydration check post' })).toBeVisible();

    await page.goto('/');
    await expect(page.locator('.circle-menu').getByRole('link')).toHaveCount(8);
    await page.getByRole('button', { name: /Exit this page/ }).click();
    await page.waitForURL(QUICK_EXIT_URL);
  });

  test('the language switch works as a plain link: the server keeps the choice and shows the same page at the other language\'s address', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
    await page.goto('/about');
    await page.locator('.lang-switch').getByRole('button', { name: 'AR' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/ar/about`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    expect((await context.cookies(BASE_URL)).find((cookie) => cookie.name === 'i18next')?.value).toBe('ar');
    await page.locator('.lang-switch').getByRole('button', { name: 'EN' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/about`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});
