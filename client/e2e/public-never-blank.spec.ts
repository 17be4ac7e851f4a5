// Never blank, never keys: with every translation file failing, the home page still shows its
// real labels, the 533 link and the quick exit at once, in English and in Arabic, and after the
// last retry has failed no text on the page is a translation key.
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from './public-helpers';

/** A key such as nav.home or quickExit.shiftCount shown as text. */
const TRANSLATION_KEY = /\b(site|home|nav|language|theme|emergency|quickExit|rating|common|status|search|posts|post|city|contact|help|tools|time)\.[a-zA-Z]+\b/;

// A first visit, with no saved copy: a service worker would answer the translation files from its
// own cache, out of reach of page.route.
test.use({ serviceWorkers: 'block' });

async function failEveryTranslation(page: Page): Promise<{ count: () => number }> {
  let count = 0;
  await page.route('**/assets/locals/**', (route) => {
    count += 1;
    return route.fulfill({ status: 503, body: 'unavailable' });
  });
  return { count: () => count };
}

const cases = [
  { language: 'en', home: 'Home', title: 'Together against human trafficking', exit: 'Exit this page', call: 'Call the hotline 533' },
  { language: 'ar', home: 'الرئيسية', title: 'معاً ضد الاتجار بالبشر', exit: 'اخرج من هذه الصفحة', call: 'اتصل بالخط الساخن 533' },
] as const;

for (const expected of cases) {
  test(`/ in ${expected.language} shows its labels, the 533 link and the quick exit within 2 s with every translation file failing, and never a key`, async ({ page }) => {
    const translations = await failEveryTranslation(page);
    await page.context().addCookies([{ name: 'i18next', value: expected.language, url: BASE_URL }]);
    const started = Date.now();
    await page.goto('/');
    const within = { timeout: 2_000 };
    await expect(page.locator('html')).toHaveAttribute('lang', expected.language, within);
    await expect(page.getByRole('heading', { level: 1, name: expected.title })).toBeVisible(within);
    await expect(page.getByRole('link', { name: expected.home, exact: true }).first()).toBeVisible(within);
    await expect(page.getByRole('link', { name: expected.call })).toHaveAttribute('href', 'tel:533', within);
    await expect(page.getByRole('button', { name: new RegExp(expected.exit) })).toBeVisible(within);
    expect(Date.now() - started).toBeLessThan(4_000); // goto included
    expect(await page.locator('body').innerText()).not.toMatch(TRANSLATION_KEY);

    // The full files are still being asked for, with retries, and never arrive.
    await expect.poll(translations.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    await page.waitForTimeout(500);
    expect(await page.locator('body').innerText()).not.toMatch(TRANSLATION_KEY);
    await expect(page.getByRole('link', { name: expected.home, exact: true }).first()).toBeVisible();
    expect(translations.count()).toBeGreaterThanOrEqual(6);
  });
}

test('a page opened while the translations are failing shows no key either, once the retries give up', async ({ page }) => {
  await failEveryTranslation(page);
  await page.context().addCookies([{ name: 'i18next', value: 'en', url: BASE_URL }]);
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: /Exit this page/ })).toBeVisible({ timeout: 2_000 });
  await page.waitForTimeout(13_000);
  expect(await page.locator('body').innerText()).not.toMatch(TRANSLATION_KEY);
  await expect(page.getByRole('link', { name: 'Call the hotline 533' })).toBeVisible();
});
