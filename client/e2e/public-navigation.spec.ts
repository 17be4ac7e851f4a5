// Every public route in both languages, the home menu, the language switch, the theme, the 533
// button and the mobile menu.
import { expect, test } from '@playwright/test';
import { cityPagePath } from '../../src/shared/public-paths';
import { BASE_URL, createCity, openAs, waitForHydration, watchConsole } from './public-helpers';

const ROUTES: Array<[path: string, en: string, ar: string]> = [
  ['/', 'Together against human trafficking', 'معاً ضد الاتجار بالبشر'],
  ['/about', 'About us', 'من نحن'],
  ['/ht', 'Human trafficking', 'الاتجار بالبشر'],
  ['/international', 'International and Iraqi law', 'القوانين الدولية والعراقية'],
  ['/servicemap', 'Service map', 'خريطة الخدمات'],
  ['/useful_tools', 'Useful tools', 'أدوات مفيدة'],
  ['/seeking_help', 'Seeking help', 'طلب المساعدة'],
  ['/trainingtool', 'Training tool', 'أداة التدريب'],
  ['/assessmentform', 'Assessment form', 'استمارة التقييم'],
  ['/contact', 'Contact us', 'اتصل بنا'],
  ['/search', 'Search', 'بحث'],
  ['/posts/International', 'International law', 'القانون الدولي'],
  ['/posts/Flyer%20And%20Brochure', 'Flyers and brochures', 'المنشورات والكتيبات'],
  ['/e/Emergency', 'Emergency numbers', 'أرقام الطوارئ'],
  ['/e/VOT', 'Support for victims of trafficking', 'دعم ضحايا الاتجار بالبشر'],
  ['/browse-safely', 'Browse safely', 'تصفح بأمان'],
  ['/test', 'Rating test', 'اختبار التقييم'],
  ['/no/such/page', 'Page not found', 'الصفحة غير موجودة'],
];

for (const language of ['en', 'ar'] as const) {
  test(`every public route renders in ${language} without console errors`, async ({ page }) => {
    const checkConsole = watchConsole(page);
    await openAs(page, '/', { language });
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    for (const [path, en, ar] of ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(language === 'ar' ? ar : en);
      // The 533 button and the quick exit are on every public page.
      await expect(page.locator('a.emergency-button')).toHaveAttribute('href', 'tel:533');
      await expect(page.getByRole('button', { name: /Exit this page/ })).toBeVisible();
    }
    checkConsole();
  });
}

test('a city whose name holds /, &, : and ? opens from the service map and from its own address, in both languages', async ({ page, request }) => {
  const name = `Erbil/Duhok & Zakho: where? ${Date.now()}`;
  await createCity(request, name);
  const checkConsole = watchConsole(page);
  for (const language of ['ar', 'en'] as const) {
    await openAs(page, '/servicemap', { language });
    // Followed in the browser (the application's own navigation)...
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(new URL(page.url()).pathname).toBe(cityPagePath(name));
    await expect(page.getByText(`${name} main street 1`)).toBeVisible();
    // ...and loaded from the server at that address.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await waitForHydration(page);
    await expect(page.getByText(`${name} main street 1`)).toBeVisible();
  }
  checkConsole();
});

test('the home menu has the eight links, the search link and no dashboard link for visitors', async ({ page }) => {
  await openAs(page, '/');
  const menu = page.locator('.circle-menu');
  const hrefs = await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toEqual(['/', '/ht', '/servicemap', '/seeking_help', '/about', '/international', '/useful_tools', '/contact']);
  await expect(page.locator('.home-tools').getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Service map' }).click();
  await expect(page).toHaveURL(/\/servicemap$/);
});

test('the links of the screens lead where the spec says', async ({ page }) => {
  await openAs(page, '/international');
  await expect(page.getByRole('link', { name: 'Iraqi law', exact: true })).toHaveAttribute('href', '/posts/Iraq');
  await expect(page.getByRole('link', { name: 'International law', exact: true })).toHaveAttribute('href', '/posts/International');
  await page.goto('/useful_tools');
  await expect(page.locator('.link-buttons a')).toHaveCount(4);
  const tools = await page.locator('.link-buttons a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(tools).toEqual(['/posts/Training', '/posts/Guide', '/posts/Flyer%20And%20Brochure', '/posts/Form']);
  await page.goto('/seeking_help');
  await expect(page.locator('.link-buttons a')).toHaveCount(3);
  const help = await page.locator('.link-buttons a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(help).toEqual(['/e/Emergency', '/servicemap', '/e/VOT']);
  await page.getByRole('link', { name: 'How to browse safely' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browse safely');
});

test('an author sees the dashboard link on the home page', async ({ page }) => {
  await page.addInitScript(() => {
    // A token that expires in an hour: the client only reads its exp claim.
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
    localStorage.setItem('userInfo', JSON.stringify({ _id: '1', name: 'A', email: 'a@example.org', isAdmin: false, isAuthor: true, token: `x.${payload}.y` }));
  });
  await openAs(page, '/');
  await expect(page.locator('.home-tools').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/posts');
});

test('the language switch sets lang, dir and the i18next cookie, and survives a reload', async ({ page, context }) => {
  await openAs(page, '/');
  await page.locator('.home-tools').getByRole('button', { name: 'AR' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('معاً ضد الاتجار بالبشر');
  const cookie = (await context.cookies(BASE_URL)).find((item) => item.name === 'i18next');
  expect(cookie?.value).toBe('ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The switch is a button of the application: it answers once the page has hydrated.
  await waitForHydration(page);
  await page.locator('.home-tools').getByRole('button', { name: 'EN' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect((await context.cookies(BASE_URL)).find((item) => item.name === 'i18next')?.value).toBe('en');
});

test('the theme starts dark, toggles to light and stays light after a reload', async ({ page }) => {
  await openAs(page, '/about');
  await expect(page.locator('html')).toHaveClass(/theme-dark/);
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.getByRole('button', { name: 'Light background' }).click();
  await expect(page.locator('html')).toHaveClass(/theme-light/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/theme-light/);
  await expect(page.getByRole('button', { name: 'Light background' })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the phone menu has the same links, leaves the 533 button in place and closes on navigation', async ({ page }) => {
    await openAs(page, '/about');
    const menu = page.locator('details.phone-menu');
    const hamburger = menu.locator('summary.hamburger');
    await expect(hamburger).toHaveAccessibleName('Site menu');
    await expect(menu).not.toHaveAttribute('open');
    await expect(page.locator('.desktop-nav')).toBeHidden();
    const emergency = page.locator('a.emergency-button');
    await expect(emergency).toBeVisible();
    await hamburger.click();
    await expect(menu).toHaveAttribute('open', '');
    const links = page.getByRole('navigation', { name: 'Site menu' });
    const hrefs = await links.locator('.side-menu-list a').evaluateAll((items) => items.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(['/', '/ht', '/servicemap', '/seeking_help', '/about', '/international', '/useful_tools', '/contact']);
    // The hotline stays: the menu opens in the page, below the safety band.
    await expect(emergency).toBeVisible();
    await links.getByRole('link', { name: 'Seeking help' }).click();
    await expect(page).toHaveURL(/\/seeking_help$/);
    await expect(links).toBeHidden();
    await expect(menu).not.toHaveAttribute('open');
    // Escape closes it too.
    await hamburger.click();
    await expect(links).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(links).toBeHidden();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.getElementById('page-scroll')!.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
