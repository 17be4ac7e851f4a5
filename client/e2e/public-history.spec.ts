// Back never returns to the site after a quick exit: moving between the site's pages replaces the
// tab's one history entry, and the exit replaces that entry with the neutral site. A visitor who
// came from another site (a search engine, here answered locally) and walked / → /about →
// /seeking_help → /e/Emergency by clicking links, then left, finds that other site on Back, in
// English and Arabic, on a phone and a desktop, by the button or by Shift pressed three times.
// Moving back inside the site is the page's own Back link.
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, DESKTOP, exitButton, openAs, PHONE, QUICK_EXIT_URL, stubNeutralSite, waitForHydration } from './public-helpers';

const SEARCH_ENGINE = 'https://search.example/results';

/** A page of another site with a link to the site, as a search engine's results would be. */
async function arriveFromSearchEngine(page: Page, language: 'en' | 'ar'): Promise<void> {
  await page.context().route('https://search.example/**', (route) => route.fulfill({
    status: 200, contentType: 'text/html', body: `<!doctype html><title>Results</title><h1>Search results</h1><a href="${BASE_URL}/">The site</a>`,
  }));
  await page.context().addCookies([{ name: 'i18next', value: language, url: BASE_URL }]);
  await page.goto(SEARCH_ENGINE);
  await page.getByRole('link', { name: 'The site' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await waitForHydration(page);
}

const NAMES = {
  en: { about: 'About us', seekingHelp: 'Seeking help', emergency: 'Emergency numbers', back: 'Back' },
  ar: { about: 'من نحن', seekingHelp: 'طلب المساعدة', emergency: 'أرقام الطوارئ', back: 'رجوع' },
} as const;

/** / → /about → /seeking_help → /e/Emergency, each by a click on a link of the page. */
async function walkToEmergencyNumbers(page: Page, language: 'en' | 'ar'): Promise<void> {
  const names = NAMES[language];
  await page.locator('.circle-menu').getByRole('link', { name: names.about }).click();
  await expect(page).toHaveURL(/\/about$/);
  const menu = page.viewportSize()!.width < 768 ? page.locator('details.phone-menu') : page.locator('.desktop-nav');
  if (page.viewportSize()!.width < 768) await page.locator('summary.hamburger').click();
  await menu.getByRole('link', { name: names.seekingHelp }).click();
  await expect(page).toHaveURL(/\/seeking_help$/);
  await page.locator('.link-buttons').getByRole('link', { name: names.emergency }).click();
  await expect(page).toHaveURL(/\/e\/Emergency$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names.emergency);
}

for (const language of ['en', 'ar'] as const) {
  for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    for (const way of ['button', 'Shift pressed three times'] as const) {
      test(`after the quick exit by the ${way}, in ${language} on a ${device}, Back shows the site the visitor came from, not this one`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await stubNeutralSite(page);
        await arriveFromSearchEngine(page, language);
        await walkToEmergencyNumbers(page, language);
        if (way === 'button') await exitButton(page).click();
        else for (let press = 0; press < 3; press++) await page.keyboard.press('Shift');
        await page.waitForURL(QUICK_EXIT_URL);
        await page.goBack();
        expect(page.url()).toBe(SEARCH_ENGINE);
        await expect(page.getByRole('heading', { name: 'Search results' })).toBeVisible();
        // Forward leads to the neutral site only.
        await page.goForward();
        expect(page.url()).toBe(QUICK_EXIT_URL);
      });
    }
  }
}

test('a quick exit tapped before the application has started also replaces the entry and leaves nothing behind', async ({ page }) => {
  await stubNeutralSite(page);
  // The application's script never arrives (a slow phone): the page is the server's HTML only.
  await page.route(/\/assets\/index-[\w-]+\.js$/, () => new Promise(() => {}));
  await page.context().route('https://search.example/**', (route) => route.fulfill({
    status: 200, contentType: 'text/html', body: `<!doctype html><title>Results</title><h1>Search results</h1><a href="${BASE_URL}/about">The site</a>`,
  }));
  await page.goto(SEARCH_ENGINE);
  await page.getByRole('link', { name: 'The site' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  await page.evaluate(() => { localStorage.setItem('theme', 'light'); sessionStorage.setItem('draft', 'x'); document.cookie = 'i18next=en; Path=/'; });
  expect(await page.locator('html').getAttribute('data-app-ready')).toBeNull();
  await exitButton(page).click();
  await page.waitForURL(QUICK_EXIT_URL);
  expect(await page.context().cookies(BASE_URL)).toEqual([]);
  await page.goBack();
  expect(page.url()).toBe(SEARCH_ENGINE);
  // Back on the site's origin in the same tab (a plain JSON address): its storage is empty.
  await page.goto('/api/health');
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});

test('moving around the site keeps one history entry; the page\'s Back link walks back through the pages opened', async ({ page }) => {
  await arriveFromSearchEngine(page, 'en');
  const entries = await page.evaluate(() => history.length);
  await walkToEmergencyNumbers(page, 'en');
  // Measured effect on normal browsing: three moves, no new entry in the tab's history.
  expect(await page.evaluate(() => history.length)).toBe(entries);
  const back = page.getByRole('link', { name: 'Back', exact: true });
  await expect(back).toHaveAttribute('href', '/seeking_help');
  await back.click();
  await expect(page).toHaveURL(/\/seeking_help$/);
  await back.click();
  await expect(page).toHaveURL(/\/about$/);
  await back.click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(back).toHaveCount(0); // the home page has none
  // A reload keeps the trail (it lives in the entry's state).
  await page.locator('.circle-menu').getByRole('link', { name: 'Service map' }).click();
  await page.getByRole('link', { name: 'Baghdad' }).click();
  await expect(page).toHaveURL(/\/maps\/Baghdad$/);
  await page.reload();
  await waitForHydration(page);
  await expect(back).toHaveAttribute('href', '/servicemap');
  expect(await page.evaluate(() => history.length)).toBe(entries);
  // The browser's own Back leaves the site: that is the price, and the reason for the Back link.
  await page.goBack();
  expect(page.url()).toBe(SEARCH_ENGINE);
});

test('a page opened directly has a Back link to the page it belongs under, in the server\'s HTML too', async ({ page }) => {
  await openAs(page, '/maps/Baghdad', { language: 'ar' });
  await expect(page.getByRole('link', { name: 'رجوع', exact: true })).toHaveAttribute('href', '/servicemap');
  await page.goto('/e/VOT');
  await expect(page.getByRole('link', { name: 'رجوع', exact: true })).toHaveAttribute('href', '/seeking_help');
  const html = await (await page.request.get('/posts/Guide')).text();
  expect(html).toMatch(/<p class="back-link"><a href="\/useful_tools">/);
});
