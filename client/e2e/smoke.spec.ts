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

test('the API documentation runs under its policy: the operations are listed and nothing is refused', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') refused.push(message.text()); });
  await page.goto('/api/docs');
  await expect(page.getByText('/api/users/login').first()).toBeVisible();
  expect(refused.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
});
