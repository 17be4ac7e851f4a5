// Nothing covers the way out or the hotline: with the page clock run 60 s (when the website rating
// prompt opens by itself), on every public page, in English and Arabic, on a phone and a desktop,
// the quick exit and 533 are the topmost elements at their centres and the first tap on the exit
// leaves the site. The prompt never opens on the help pages; the open phone menu covers nothing.
import { expect, test } from '@playwright/test';
import {
  createPost, DESKTOP, everyPublicPage, exitAndHotlineOnTop, exitButton, HELP_PAGES, openAs, PHONE, QUICK_EXIT_URL, stubNeutralSite,
} from './public-helpers';

let postId = '';

test.beforeAll(async ({ request }) => {
  postId = (await createPost(request, { title: 'Overlay check post', describtion: 'A post to read while the prompt is open.' }))._id;
});

for (const language of ['en', 'ar'] as const) {
  for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    test(`on every public page in ${language} on a ${device}, 60 s after loading, the exit and 533 are on top and the first tap on the exit leaves`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await stubNeutralSite(page);
      await page.clock.install();
      for (const path of everyPublicPage(postId)) {
        await openAs(page, path, { language });
        await page.clock.runFor(60_000);
        const prompt = page.getByRole('dialog');
        if (HELP_PAGES.has(path)) await expect(prompt, `${path}: no prompt on a help page`).toHaveCount(0);
        else await expect(prompt, `${path}: the prompt opened by itself`).toBeVisible();
        expect(await exitAndHotlineOnTop(page), path).toEqual({ exit: true, hotline: true });
        await expect(page.locator('a.emergency-button')).toHaveAttribute('href', 'tel:533');
        // One tap: the visitor is gone, whatever is open.
        await exitButton(page).click();
        await page.waitForURL(QUICK_EXIT_URL);
      }
    });
  }
}

test('the prompt that came due on a help page waits, and opens once the visitor is on another page', async ({ page }) => {
  await page.clock.install();
  await openAs(page, '/e/Emergency');
  await page.clock.runFor(61_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/seeking_help$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'How to browse safely' }).click();
  await expect(page.getByRole('dialog', { name: 'How useful is this website?' })).toBeVisible();
  // Back to a help page: it steps aside again.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const language of ['en', 'ar'] as const) {
  test(`the open phone menu and the prompt together cover neither button, in ${language}`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await stubNeutralSite(page);
    await page.clock.install();
    await openAs(page, '/about', { language });
    await page.locator('summary.hamburger').click();
    await expect(page.locator('details.phone-menu')).toHaveAttribute('open', '');
    await page.clock.runFor(60_000);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await exitAndHotlineOnTop(page)).toEqual({ exit: true, hotline: true });
    await exitButton(page).click();
    await page.waitForURL(QUICK_EXIT_URL);
  });
}
