// The service rating on a city page and the website rating prompt (docs/product-rules.md, Screens, Behaviour and Constants).
import { expect, test, type Page } from '@playwright/test';
import { createCity, openAs, waitForHydration, watchConsole } from './public-helpers';

test('a city page lists its branches and takes one service rating per browser', async ({ page, request }) => {
  const name = `Testcity${Date.now()}`;
  await createCity(request, name);
  const checkConsole = watchConsole(page);
  await page.clock.install();
  await openAs(page, '/servicemap');
  await expect(page.getByRole('img', { name: /Average rating: \d\.\d out of 5/ })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/maps/${name}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('img', { name: `Map of Iraq showing ${name}` })).toBeVisible();
  const branch = page.locator('.branch-card');
  await expect(branch.getByRole('link', { name: '+964 770 123 4567' })).toHaveAttribute('href', 'tel:+9647701234567');
  await expect(branch.getByRole('link', { name: 'branch@example.org' })).toHaveAttribute('href', 'mailto:branch@example.org');
  await expect(branch.locator('bdi')).toHaveCount(2);

  // From here the page clock stands still: the 3-second banner is measured in page time only.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  const stars = page.getByRole('group', { name: 'Rate our services' });
  await stars.getByRole('button', { name: '4 stars' }).click();
  await expect(page.getByText('Successful')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your rating: 4 stars out of 5' })).toBeVisible();
  await expect(stars).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('serviceRate'))).toBe('4');
  // The banner stays 3 seconds.
  await page.clock.runFor(2_800);
  await expect(page.getByText('Successful')).toBeVisible();
  await page.clock.runFor(400);
  await expect(page.getByText('Successful')).toHaveCount(0);

  await page.clock.resume();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Your rating: 4 stars out of 5' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Rate our services' })).toHaveCount(0);
  checkConsole();
});

test('the website rating prompt opens after 60 s without blocking the page, closes with Escape, and a vote is kept', async ({ page }) => {
  const checkConsole = watchConsole(page);
  await page.clock.install();
  await openAs(page, '/about');
  await page.locator('main').getByRole('link').first().focus();
  await page.clock.runFor(58_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.clock.runFor(2_500);
  const dialog = page.getByRole('dialog', { name: 'How useful is this website?' });
  await expect(dialog).toBeVisible();
  // A prompt, not a modal: the page stays usable and the focus stays where the visitor was.
  await expect(dialog).toHaveAttribute('aria-modal', 'false');
  await expect(page.locator('main').getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Not rated yet: it comes back on the next visit.
  await page.reload();
  // The prompt's timer starts with the application, which loads after the page is painted.
  await waitForHydration(page);
  await page.clock.runFor(61_000);
  await expect(dialog).toBeVisible();
  const rateResponse = page.waitForResponse((response) => response.url().endsWith('/api/rating/website'));
  await dialog.getByRole('button', { name: '5 stars' }).click();
  expect((await rateResponse).status()).toBe(201);
  await expect(dialog.getByRole('img', { name: 'Your rating: 5 stars out of 5' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('websiteRate'))).toBe('5');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Rated: it never opens by itself again.
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(120_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  checkConsole();
});

test('/test opens the rating prompt on demand with the focus in it, in Arabic too', async ({ page }) => {
  await openAs(page, '/test', { language: 'ar' });
  await page.getByRole('button', { name: 'افتح نافذة التقييم' }).click();
  const dialog = page.getByRole('dialog', { name: 'ما مدى فائدة هذا الموقع؟' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveCount(6);
  await expect(dialog.getByRole('button', { name: 'إغلاق' })).toBeFocused();
  await dialog.getByRole('button', { name: 'إغلاق' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'افتح نافذة التقييم' })).toBeFocused();
});

/** Counts the rating POSTs this page sends, holding each answer back so a second click could race it. */
async function countRatingPosts(page: Page, path: string): Promise<() => number> {
  let posts = 0;
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    await new Promise((resolve) => setTimeout(resolve, 400));
    return route.continue();
  });
  return () => posts;
}

test('a double click on a city\'s star sends one vote', async ({ page, request }) => {
  const name = `Doubleclick${Date.now()}`;
  await createCity(request, name);
  const posts = await countRatingPosts(page, '/api/rating/service');
  await openAs(page, `/maps/${name}`);
  const stars = page.getByRole('group', { name: 'Rate our services' });
  await stars.getByRole('button', { name: '5 stars' }).dblclick();
  await expect(page.getByRole('img', { name: 'Your rating: 5 stars out of 5' })).toBeVisible();
  await page.waitForTimeout(600);
  expect(posts()).toBe(1);
});

test('a double click in the website rating prompt sends one vote', async ({ page }) => {
  const posts = await countRatingPosts(page, '/api/rating/website');
  await page.clock.install();
  await openAs(page, '/about');
  await page.clock.runFor(61_000);
  const dialog = page.getByRole('dialog', { name: 'How useful is this website?' });
  await expect(dialog).toBeVisible();
  await page.clock.resume();
  await dialog.getByRole('button', { name: '3 stars' }).dblclick();
  await expect(dialog.getByRole('img', { name: 'Your rating: 3 stars out of 5' })).toBeVisible();
  await page.waitForTimeout(600);
  expect(posts()).toBe(1);
});
