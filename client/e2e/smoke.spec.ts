import { expect, test } from '@playwright/test';

test('the home page renders in English and switches to Arabic from the cookie', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Together against human trafficking');
  await context.addCookies([{ name: 'i18next', value: 'ar', url: page.url() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('معاً ضد الاتجار بالبشر');
});
