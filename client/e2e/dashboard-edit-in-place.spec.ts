// Emergency numbers and contact entries are edited in place: same id, same row, saved by PUT.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, createAuthor, expectFieldError, openAs } from './dashboard-helpers';

const toast = (page: Page, text: string) => page.locator('.dash-toasts').getByText(text).last();
const suffix = () => Math.random().toString(36).slice(2, 7);

test('an emergency number is edited in place: same id, same place in the list', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  const name = `Helpline ${suffix()}`;
  const created = await (await request.post('/api/emergency', { headers: auth(author), data: { type: 'VOT', value: '111 222', nameEN: name, nameAR: 'خط المساعدة' } })).json();
  await openAs(page, author, '/dashboard/emergency');
  const rows = page.locator('tbody tr');
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText('111 222');
  const indexBefore = (await (await request.get('/api/emergency')).json()).findIndex((item: { _id: string }) => item._id === created._id);

  await row.getByRole('button', { name: `Edit ${name} 111 222` }).click();
  const number = page.getByLabel(`Number (${name} 111 222)`);
  await expect(number).toHaveValue('111 222');
  // The server's rule still applies in place: a refused value keeps the row in edit mode, with the
  // problem under the number and in the summary above the row (issue 24: no more error toast).
  await number.fill('111 ext 2');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expectFieldError(page, `Number (${name} 111 222)`, 'The number may only contain digits, spaces, + and -');
  await expect(page.locator('.dash-toasts .dash-toast-error')).toHaveCount(0);
  await number.fill('+964 533');
  await page.getByLabel(`Arabic name (${name} 111 222)`).fill('خط المساعدة للضحايا');
  await page.getByRole('button', { name: 'Save' }).last().click();
  await expect(toast(page, 'Successful')).toBeVisible();

  const edited = rows.filter({ hasText: name });
  await expect(edited).toContainText('+964 533');
  await expect(edited).toContainText('خط المساعدة للضحايا');
  const list = await (await request.get('/api/emergency')).json() as Array<{ _id: string; value: string }>;
  const indexAfter = list.findIndex((item) => item._id === created._id);
  expect(indexAfter).toBe(indexBefore);
  expect(list[indexAfter].value).toBe('+964 533');
  await request.delete(`/api/emergency/${created._id}`, { headers: auth(author) });
});

test('a contact entry is edited in place in Arabic, and the screen passes axe while editing', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  const value = `help-${suffix()}@example.org`;
  const created = await (await request.post('/api/contact', { headers: auth(author), data: { type: 'email', value } })).json();
  await openAs(page, author, '/dashboard/contact', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = page.locator('tbody tr').filter({ hasText: value });
  await row.getByRole('button', { name: `تعديل ${value}` }).click();
  const field = page.getByLabel(`القيمة (${value})`);
  await expect(field).toHaveValue(value);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const changed = `office-${suffix()}@example.org`;
  await field.fill(changed);
  await field.press('Enter');
  await expect(page.locator('.dash-toasts').getByText('تمت العملية بنجاح').last()).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: changed })).toHaveCount(1);
  const stored = (await (await request.get('/api/contact')).json() as Array<{ _id: string; value: string }>).find((item) => item._id === created._id);
  expect(stored?.value).toBe(changed);
  await request.delete(`/api/contact/${created._id}`, { headers: auth(author) });
});
