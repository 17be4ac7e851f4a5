// Maps with branches, emergency contacts and contact entries.
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, clickAndAwaitSave, createAuthor, isolated, openAs, png, textFile } from './dashboard-helpers';

const toast = (page: Page, text: string) => page.locator('.dash-toasts').getByText(text).last();

test('a city is added with its Arabic name and two branches, one removed in the edit, then deleted', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  await openAs(page, author, '/dashboard/maps');
  await page.getByRole('link', { name: 'Add city' }).click();
  await expect(page).toHaveURL(/\/dashboard\/maps\/addcity$/);
  const name = `E2E City ${Date.now()}`;
  await page.getByLabel('City name', { exact: true }).fill(name);
  // Staff see the Arabic name right to left, as visitors read it.
  await expect(page.getByLabel('Arabic name of the city')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('Arabic name of the city').fill('مدينة تجريبية');
  for (const label of ['Thumbnail', 'Country map', 'City map', 'City map with address']) {
    await page.getByLabel(label, { exact: true }).setInputFiles(png(`${label}.png`));
  }
  await expect(page.locator('.dash-upload img')).toHaveCount(4);
  const fillBranch = async (number: number, values: string[]) => {
    const group = page.getByRole('group', { name: `Branch ${number}` });
    for (const [index, label] of ['Address', 'Address in Arabic', 'Phone number', 'Email', 'Latitude', 'Longitude'].entries()) {
      await group.getByLabel(label, { exact: true }).fill(values[index]);
    }
  };
  await fillBranch(1, ['First street 1', 'الشارع الأول 1', '07701234567', 'one@example.org', '33.31', '44.36']);
  await page.getByRole('button', { name: 'Add branch' }).click();
  await fillBranch(2, ['Second street 2', '', '07707654321', 'two@example.org', '', '']);
  expect((await clickAndAwaitSave(page, page.getByRole('button', { name: 'Save' }), 'POST', '/api/maps')).status()).toBe(201);
  await expect(toast(page, 'Successful')).toBeVisible();
  // The add form is cleared after success.
  await expect(page.getByLabel('City name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('group', { name: /^Branch/ })).toHaveCount(1);
  await expect(page.locator('.dash-upload img')).toHaveCount(0);

  const created = await (await request.get(`/api/maps/m/${encodeURIComponent(name)}`)).json();
  expect(created.branch).toHaveLength(2);
  expect(created.nameAr).toBe('مدينة تجريبية');
  expect(created.branch[0]).toMatchObject({ address: 'First street 1', addressAr: 'الشارع الأول 1', phone: '07701234567', lat: 33.31, lang: 44.36 });
  expect(created.thumbnail).toMatch(/^\/uploads\//);

  // Edit: the city is loaded first; the first branch is removed with its X.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Maps' }).click();
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('City name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Arabic name of the city')).toHaveValue('مدينة تجريبية');
  await expect(page.getByRole('group', { name: /^Branch/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Branch 1' }).click();
  await expect(page.getByRole('group', { name: 'Branch 1' }).getByLabel('Address', { exact: true })).toHaveValue('Second street 2');
  await page.getByLabel('City name', { exact: true }).fill(`${name} edited`);
  // The creation's "Successful" may still be on screen: the edit's own answer says it is saved.
  expect((await clickAndAwaitSave(page, page.getByRole('button', { name: 'Save' }), 'POST', `/api/maps/${created._id}`)).status()).toBe(200);
  await expect(toast(page, 'Successful')).toBeVisible();
  const edited = await (await request.get(`/api/maps/${created._id}`)).json();
  expect(edited.name).toBe(`${name} edited`);
  expect(edited.branch).toHaveLength(1);
  expect(edited.branch[0].address).toBe('Second street 2');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Maps' }).click();
  await page.getByRole('button', { name: `Delete ${name} edited` }).click();
  await page.getByRole('alertdialog', { name: `Are you sure you want to delete the city ${isolated(`${name} edited`)} and its branches?` })
    .getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toast(page, 'Post has been removed successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await request.get(`/api/maps/${created._id}`)).status()).toBe(404);
});

test('emergency contacts: add resets to VOT, delete waits for the server', async ({ page, request }) => {
  const admin = await apiLogin(request);
  await openAs(page, admin, '/dashboard/emergency');
  await expect(page.getByLabel('Type')).toHaveValue('VOT');
  // A refused icon is only logged: no error toast, the form still works.
  await page.getByLabel('Icon').setInputFiles(textFile('icon.png'));
  await expect(page.getByLabel('Icon')).toBeEnabled();
  await expect(page.locator('.dash-toast')).toHaveCount(0);

  const number = `5${Date.now() % 100000}`;
  await page.getByLabel('Type').selectOption('Emergency');
  await page.getByLabel('Number', { exact: true }).fill(number);
  await page.getByLabel('English name').fill('E2E hotline');
  await page.getByLabel('Arabic name').fill('خط ساخن تجريبي');
  await page.getByLabel('Icon').setInputFiles(png('icon.png'));
  await expect(page.locator('.dash-upload img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Successful')).toBeVisible();
  await expect(page.getByLabel('Type')).toHaveValue('VOT');
  for (const label of ['Number', 'English name', 'Arabic name']) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  await expect(page.locator('.dash-upload img')).toHaveCount(0);
  // Changed by issue 24: a new number goes last, so the hotline staff put first stays first.
  const newRow = page.locator('tbody tr').last();
  await expect(newRow).toContainText('E2E hotline');
  await expect(newRow).toContainText('خط ساخن تجريبي');
  await expect(newRow).toContainText(number);
  await expect(page.locator('tbody tr').first()).toContainText('533');
  const item = (await (await request.get('/api/emergency/Emergency')).json()).find((entry: { value: string }) => entry.value === number);
  expect(item).toMatchObject({ nameEN: 'E2E hotline', nameAR: 'خط ساخن تجريبي' });
  expect(item.icon).toMatch(/^\/uploads\//);

  // The server refuses once: the row stays.
  await page.route('**/api/emergency/*', (route) => (route.request().method() === 'DELETE'
    ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'x', errors: [{ messageEn: 'Try again later', messageAr: 'حاول لاحقاً', field: null }] }) })
    : route.fallback()), { times: 1 });
  await newRow.getByRole('button', { name: /^Delete/ }).click();
  // The confirmation names the number it deletes.
  await page.getByRole('alertdialog', { name: `Are you sure you want to delete the emergency number ${isolated(`E2E hotline ${number}`)}?` })
    .getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.locator('.dash-toasts').getByText('Error! Try again later')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: number })).toHaveCount(1);

  await page.getByRole('row').filter({ hasText: number }).getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: number })).toHaveCount(0);
  expect((await (await request.get('/api/emergency')).json()).some((entry: { value: string }) => entry.value === number)).toBe(false);
});

test('contact entries are added and deleted after the bilingual confirmation', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  await openAs(page, author, '/dashboard/contact');
  const value = `e2e${Date.now()}@example.org`;
  await page.getByLabel('Type').selectOption('email');
  await page.getByLabel('Value').fill(value);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator('tbody tr').first()).toContainText(value);
  await expect(page.getByLabel('Value')).toHaveValue('');
  const list = await (await request.get('/api/contact')).json();
  expect(list.some((entry: { type: string; value: string }) => entry.type === 'email' && entry.value === value)).toBe(true);

  // Cancel keeps it; confirming deletes it.
  await page.getByRole('button', { name: `Delete ${value}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Are you sure you want to delete the contact entry ${isolated(value)}?` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: value })).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${value}` }).click();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: value })).toHaveCount(0);
  const after = await (await request.get('/api/contact', { headers: auth(author) })).json();
  expect(after.some((entry: { value: string }) => entry.value === value)).toBe(false);
});
