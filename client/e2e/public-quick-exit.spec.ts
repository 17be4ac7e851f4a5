// The quick exit: the button and Shift pressed three times hide the page at once and replace it
// with the neutral site, so Back does not return. The neutral site is answered locally.
import { expect, test, type Page } from '@playwright/test';
import { adminToken, BASE_URL, openAs, QUICK_EXIT_URL, stubNeutralSite, waitForHydration } from './public-helpers';

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

/** Types text as a person does: Shift held down around each capital letter. */
async function typeWithShiftedCapitals(page: Page, text: string): Promise<void> {
  for (const char of text) {
    if (char >= 'A' && char <= 'Z') {
      await page.keyboard.down('Shift');
      await page.keyboard.press(char);
      await page.keyboard.up('Shift');
    } else {
      await page.keyboard.press(char === ' ' ? 'Space' : char);
    }
  }
}

/**
 * An Arabic letter that needs Shift, as an Arabic keyboard layout sends it: Shift down, then the
 * letter's keydown and keyup with shiftKey set (Chromium is driven through its own input pipeline).
 */
async function typeArabicShiftLetter(page: Page, letter: string, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const SHIFT = 8;
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16, modifiers: SHIFT });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: letter, code, text: letter, unmodifiedText: letter, modifiers: SHIFT });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: letter, code, modifiers: SHIFT });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16, modifiers: 0 });
  await cdp.detach();
}

test('typing capitals into the search box (Shift held for each) never exits', async ({ page }) => {
  await stubNeutralSite(page);
  await openAs(page, '/search');
  const box = page.locator('#search-keyword');
  await box.focus();
  await typeWithShiftedCapitals(page, 'Human Trafficking In Iraq');
  await expect(box).toHaveValue('Human Trafficking In Iraq');
  // Held Shift for capitals and a press of A while Shift is down, back to back: still nothing.
  await page.keyboard.down('Shift');
  await page.keyboard.press('A');
  await page.keyboard.press('B');
  await page.keyboard.press('C');
  await page.keyboard.up('Shift');
  await page.keyboard.type('DEF');
  await expect(box).toHaveValue('Human Trafficking In IraqABCDEF');
  await expect(page.locator('[aria-live="assertive"]')).toHaveText('');
  expect(page.url()).toContain(BASE_URL);
});

test('Arabic letters typed with Shift (أ إ آ) and Alt+Shift never exit', async ({ page }) => {
  await stubNeutralSite(page);
  await openAs(page, '/search', { language: 'ar' });
  const box = page.locator('#search-keyword');
  await box.focus();
  for (const [letter, code] of [['أ', 'KeyH'], ['إ', 'KeyY'], ['آ', 'KeyN'], ['أ', 'KeyH']] as const) await typeArabicShiftLetter(page, letter, code);
  await expect(box).toHaveValue('أإآأ');
  for (let i = 0; i < 3; i++) {
    await page.keyboard.down('Alt');
    await page.keyboard.press('Shift');
    await page.keyboard.up('Alt');
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.down('Shift');
    await page.keyboard.press('Alt');
    await page.keyboard.up('Shift');
  }
  await expect(page.locator('[aria-live="assertive"]')).toHaveText('');
  expect(page.url()).toContain(BASE_URL);
  // Shift on its own three times still leaves, from the same box.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift');
  await page.waitForURL(QUICK_EXIT_URL);
  await page.goBack();
  expect(page.url()).not.toContain(BASE_URL);
});

test('a letter between Shift presses starts the count again', async ({ page }) => {
  await stubNeutralSite(page);
  await openAs(page, '/search');
  await page.locator('#search-keyword').focus();
  const live = page.locator('[aria-live="assertive"]');
  await page.keyboard.press('Shift');
  await page.keyboard.press('Shift');
  await expect(live).toHaveText('Shift pressed 2 of 3');
  await page.keyboard.press('x');
  await expect(live).toHaveText('');
  await page.keyboard.press('Shift');
  await expect(live).toHaveText('Shift pressed 1 of 3');
  expect(page.url()).toContain(BASE_URL);
});

for (const language of ['en', 'ar'] as const) {
  test(`after the exit the site's cookies and storage are empty (${language}): the server's language cookie, the theme and the rating flag`, async ({ page, context }) => {
    await stubNeutralSite(page);
    // The language chosen by the switch's plain link: the server sets the i18next cookie.
    await page.goto(`/test?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    expect((await context.cookies(BASE_URL)).map((cookie) => cookie.name)).toEqual(['i18next']);
    await waitForHydration(page);
    await page.locator('button.theme-toggle').click();
    await page.getByRole('button', { name: language === 'ar' ? 'افتح نافذة التقييم' : 'Open the rating window' }).click();
    await page.getByRole('dialog').getByRole('button').nth(3).click(); // the third star
    await expect.poll(() => page.evaluate(() => localStorage.getItem('websiteRate'))).toBe('3');
    await page.evaluate(() => sessionStorage.setItem('formDraft:post', '{}'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.getByRole('button', { name: /Exit this page/ }).click();
    await page.waitForURL(QUICK_EXIT_URL);
    expect(await context.cookies(BASE_URL)).toEqual([]);
    // Back on the site's origin in the same tab (a plain JSON address that runs no script of the site).
    await page.goto('/api/health');
    expect(await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }))).toEqual({ local: 0, session: 0 });
  });
}
