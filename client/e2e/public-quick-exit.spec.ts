// The quick exit: the button and Shift pressed three times hide the page at once and replace it
// with the neutral site, so Back does not return. The neutral site is answered locally.
import { expect, test } from '@playwright/test';
import { adminToken, BASE_URL, openAs, QUICK_EXIT_URL, stubNeutralSite } from './public-helpers';

test('the bilingual button hides the page at once and Back does not return', async ({ page }) => {
  // The stub answers slowly, so the blank page can be seen before the neutral site arrives.
  await page.context().route('https://www.bbc.com/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Weather</title><h1>Weather stub</h1>' });
  });
  await openAs(page, '/seeking_help');
  const button = page.getByRole('button', { name: /Exit this page/ });
  await expect(button).toContainText('اخرج من هذه الصفحة');
  await button.click();
  await expect(page.locator('#root')).toBeHidden();
  await page.waitForURL(QUICK_EXIT_URL);
  await expect(page.getByRole('heading', { name: 'Weather stub' })).toBeVisible();
  await page.goBack();
  expect(page.url()).not.toContain(BASE_URL);
});

test('Shift pressed three times is counted aloud and leaves', async ({ page }) => {
  await stubNeutralSite(page);
  await openAs(page, '/about');
  const live = page.locator('[aria-live="assertive"]');
  await page.keyboard.press('Shift');
  await expect(live).toHaveText('Shift pressed 1 of 3');
  await page.keyboard.press('Shift');
  await expect(live).toHaveText('Shift pressed 2 of 3');
  await page.keyboard.press('Shift');
  await page.waitForURL(QUICK_EXIT_URL);
  await page.goBack();
  expect(page.url()).not.toContain(BASE_URL);
});

test('Shift presses further apart than the window do not leave; the count is in Arabic too', async ({ page }) => {
  await stubNeutralSite(page);
  await page.clock.install();
  await openAs(page, '/', { language: 'ar' });
  const live = page.locator('[aria-live="assertive"]');
  await page.keyboard.press('Shift');
  await page.keyboard.press('Shift');
  await expect(live).toHaveText('تم الضغط على Shift 2 من 3');
  await page.clock.runFor(6_000);
  await page.keyboard.press('Shift');
  await expect(live).toHaveText('تم الضغط على Shift 1 من 3');
  expect(page.url()).toContain(BASE_URL);
});

test('the neutral address comes from the settings staff chose', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const custom = 'https://example.org/neutral';
  expect((await request.put('/api/settings', { headers, data: { quickExitUrl: custom } })).ok()).toBeTruthy();
  try {
    await page.context().route('https://example.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Neutral</h1>' }));
    await openAs(page, '/contact');
    // Settings load at start; wait until the answer is in before leaving.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /Exit this page/ }).click();
    await page.waitForURL(custom);
  } finally {
    await request.put('/api/settings', { headers, data: { quickExitUrl: QUICK_EXIT_URL } });
  }
});
