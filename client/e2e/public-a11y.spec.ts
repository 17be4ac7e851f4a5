// axe-core on the main screens, in both languages and both themes: no serious or critical issues.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createCity, createPost, openAs, uploadImage } from './public-helpers';

let postId = '';
let city = '';

test.beforeAll(async ({ request }) => {
  const image = await uploadImage(request);
  postId = (await createPost(request, { title: 'Accessible post', image, pictures: [image], describtion: 'Text\nmore text' }))._id;
  city = `Axecity${Date.now()}`;
  await createCity(request, city);
});

const screens = () => ['/', '/about', '/ht', '/international', '/servicemap', `/maps/${city}`, '/useful_tools', '/seeking_help',
  '/contact', '/search?q=law', '/posts/International', `/p/${postId}`, '/e/Emergency', '/browse-safely', '/nothing-here'];

for (const language of ['en', 'ar'] as const) {
  for (const theme of ['dark', 'light'] as const) {
    test(`no serious or critical axe findings in ${language}, ${theme}`, async ({ page }) => {
      test.setTimeout(150_000);
      await openAs(page, '/', { language, theme });
      const findings: string[] = [];
      for (const path of screens()) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Scan the loaded screen, not its loading message.
        await expect(page.locator('p.status[role="status"]')).toHaveCount(0);
        const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
        for (const violation of results.violations) {
          if (violation.impact === 'serious' || violation.impact === 'critical') {
            findings.push(`${path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
          }
        }
      }
      // The rating prompt too.
      await page.goto('/test');
      await page.getByRole('button', { name: language === 'ar' ? 'افتح نافذة التقييم' : 'Open the rating window' }).click();
      const modal = await new AxeBuilder({ page }).analyze();
      for (const violation of modal.violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') findings.push(`/test prompt: ${violation.id}`);
      }
      expect(findings).toEqual([]);
    });
  }
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the open mobile menu has no serious or critical axe findings', async ({ page }) => {
    await openAs(page, '/about', { language: 'ar' });
    await page.locator('summary.hamburger').click();
    await expect(page.getByRole('navigation', { name: 'قائمة الموقع' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
