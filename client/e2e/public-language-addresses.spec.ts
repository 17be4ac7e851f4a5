// The language addresses in Chromium: a page at /ar/... is Arabic whatever the cookie says, hydrates
// without a mismatch, keeps every move inside its language, and the language switch lands on the
// other language's address. The quick exit still leaves no history entry from there, and the
// essentials are saved at the language addresses for offline use.
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, createPost, exitButton, QUICK_EXIT_URL, stubNeutralSite, waitForHydration, watchConsole } from './public-helpers';

const SEARCH_ENGINE = 'https://search.example/results';

function watchHydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || /hydrat|did not match|mismatch/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

const cookieLanguage = async (page: Page) => (await page.context().cookies(BASE_URL)).find((cookie) => cookie.name === 'i18next')?.value;
const pathOf = (page: Page) => { const url = new URL(page.url()); return url.pathname + url.search; };

let english = '';
let arabic = '';

test.beforeAll(async ({ request }) => {
  english = (await createPost(request, { title: 'Rights at work (address test)', describtion: 'Read in English.', type: 'Guide' }))._id;
  arabic = (await createPost(request, { language: 'ar', title: 'الحقوق في العمل (اختبار العناوين)', describtion: 'اقرأ بالعربية.', type: 'Guide', translationOf: english }))._id;
});

for (const [language, other] of [['ar', 'en'], ['en', 'ar']] as const) {
  test(`every public route at /${language}/ hydrates in ${language} without mismatch, even with the cookie saying ${other}, and leaves the cookie as it was`, async ({ page }) => {
    const routes = ['/', '/about', '/ht', '/international', '/servicemap', '/maps/Baghdad', '/useful_tools', '/seeking_help', '/trainingtool',
      '/assessmentform', '/contact', '/search', '/search?keyword=law', '/posts/Guide', `/p/${english}`, `/p/${arabic}`, '/e/Emergency', '/e/VOT',
      '/browse-safely', '/test', '/no/such/page'];
    await page.context().addCookies([{ name: 'i18next', value: other, url: BASE_URL }]);
    const checkConsole = watchConsole(page);
    const warnings = watchHydrationWarnings(page);
    for (const route of routes) {
      await page.goto(`/${language}${route}`);
      await waitForHydration(page);
      await expect(page.locator('html'), route).toHaveAttribute('lang', language);
      await expect(page.locator('html'), route).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    checkConsole();
    expect(warnings, 'hydration warnings').toEqual([]);
    // Following links to /ar/ pages is no choice of language: the visitor's cookie is untouched.
    expect(await cookieLanguage(page)).toBe(other);
  });
}

test('links inside an /ar/ page stay under /ar/: the menu, a city, the Back link, the brand, a list, a post and the search form', async ({ page }) => {
  await page.context().addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
  await page.goto('/ar/');
  await waitForHydration(page);
  await page.locator('.circle-menu').getByRole('link', { name: 'خريطة الخدمات' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/servicemap`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('خريطة الخدمات');
  // The Arabic page names the city in Arabic; its address keeps the Latin name (stable links).
  await page.getByRole('link', { name: 'بغداد' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/maps/Baghdad`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const back = page.getByRole('link', { name: 'رجوع', exact: true });
  await expect(back).toHaveAttribute('href', '/ar/servicemap');
  await back.click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/servicemap`);
  await page.locator('a.brand').click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/`);
  await page.locator('.circle-menu').getByRole('link', { name: 'أدوات مفيدة' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/useful_tools`);
  await page.locator('.link-buttons').getByRole('link').nth(1).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/posts/Guide`);
  await page.getByRole('link', { name: 'الحقوق في العمل (اختبار العناوين)' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/p/${arabic}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الحقوق في العمل (اختبار العناوين)');
  // Reloaded from the server at that address: still the Arabic interface, and a Back link inside /ar/.
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.goto('/ar/search');
  await waitForHydration(page);
  await page.getByLabel('ابحث في المنشورات بكلمة مفتاحية').fill('الحقوق');
  await page.getByRole('button', { name: 'بحث', exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/search\?keyword=/);
  await expect(page.getByRole('link', { name: 'الحقوق في العمل (اختبار العناوين)' })).toHaveAttribute('href', `/ar/p/${arabic}`);
  // Every link of the page to this site stays in Arabic (the switch to English aside).
  const hrefs = await page.locator('#root a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => !href.startsWith('/ar/') && !href.includes('lang=en'))).toEqual([]);
  expect(await cookieLanguage(page)).toBe('en');
});

test('the language switch lands on the other language\'s address of the same page and keeps the choice', async ({ page }) => {
  await page.context().addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
  // From an unprefixed page, to the Arabic address.
  await page.goto('/about');
  await waitForHydration(page);
  await page.locator('.top-bar .lang-switch').getByRole('button', { name: 'AR' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/about`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('من نحن');
  expect(await cookieLanguage(page)).toBe('ar');
  // From the Arabic address to the English one.
  await page.locator('.top-bar .lang-switch').getByRole('button', { name: 'EN' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/en/about`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  expect(await cookieLanguage(page)).toBe('en');
  // A search keeps its keyword.
  await page.goto('/en/search?keyword=law');
  await waitForHydration(page);
  await page.locator('.top-bar .lang-switch').getByRole('button', { name: 'AR' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/search?keyword=law`);
  // On a translated post: its counterpart at its own language's address.
  await page.goto(`/ar/p/${arabic}`);
  await waitForHydration(page);
  await page.locator('.top-bar .lang-switch').getByRole('button', { name: 'EN' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/en/p/${english}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rights at work (address test)');
  // The post's own "read in Arabic" link, likewise.
  await page.locator('.read-in a').click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/p/${arabic}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // Reloaded, the unprefixed addresses follow the last choice.
  await page.goto('/contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the switch is a plain link to the other language\'s address that keeps the choice', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
    await page.goto('/en/seeking_help');
    await page.locator('.top-bar .lang-switch').getByRole('button', { name: 'AR' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/ar/seeking_help`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    expect(await cookieLanguage(page)).toBe('ar');
    // The links of the page stay in Arabic.
    await page.locator('.link-buttons').getByRole('link').first().click();
    await expect(page).toHaveURL(`${BASE_URL}/ar/e/Emergency`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أرقام الطوارئ');
  });
});

test('the quick exit from an /ar/ page replaces the tab\'s one entry: Back shows the site the visitor came from', async ({ page }) => {
  await stubNeutralSite(page);
  await page.context().route('https://search.example/**', (route) => route.fulfill({
    status: 200, contentType: 'text/html', body: `<!doctype html><title>Results</title><h1>Search results</h1><a href="${BASE_URL}/ar/">The site</a>`,
  }));
  await page.goto(SEARCH_ENGINE);
  await page.getByRole('link', { name: 'The site' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/`);
  await waitForHydration(page);
  const entries = await page.evaluate(() => history.length);
  await page.locator('.circle-menu').getByRole('link', { name: 'طلب المساعدة' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/seeking_help`);
  await page.locator('.link-buttons').getByRole('link', { name: 'أرقام الطوارئ' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/ar/e/Emergency`);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  // The rating prompt never opens over a help page at its language address either.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await exitButton(page).click();
  await page.waitForURL(QUICK_EXIT_URL);
  expect(await page.context().cookies(BASE_URL)).toEqual([]);
  await page.goBack();
  expect(page.url()).toBe(SEARCH_ENGINE);
});

test('a phone installs the app in the language of its address', async ({ page }) => {
  await page.goto('/ar/');
  const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifest).toBe('/ar/manifest.webmanifest');
  const answer = await page.request.get(manifest!);
  expect(await answer.json()).toMatchObject({ lang: 'ar', dir: 'rtl', start_url: '/ar/' });
  expect(pathOf(page)).toBe('/ar/');
});
