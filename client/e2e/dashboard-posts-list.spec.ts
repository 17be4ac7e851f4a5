// The dashboard posts screen at scale: 25 a page from /api/posts/manage, Arabic search, filters in
// the address (Back works), scheduling in Baghdad time and the translation picker.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth, createAuthor, openAs, type LoggedIn } from './dashboard-helpers';

const toast = (page: Page, text: string) => page.locator('.dash-toasts').getByText(text).last();

async function createPost(request: APIRequestContext, user: LoggedIn, data: Record<string, unknown>): Promise<{ _id: string; title: string }> {
  const response = await request.post('/api/posts', { headers: auth(user), data: { describtion: 'Text', type: 'Guide', ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test('the posts screen searches in Arabic, filters by state, keeps both in the address, and Back restores them', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  // Stored with a shadda and a hamza; searched without either.
  await createPost(request, author, { title: 'دليل الاتّجار بالبشر للعاملين', language: 'ar' });
  await createPost(request, author, { title: 'قانون الإتجار بالبشر', language: 'ar', state: 'draft' });
  await createPost(request, author, { title: 'استمارة الإحالة', language: 'ar' });
  await createPost(request, author, { title: 'Trafficking guide', language: 'en', state: 'draft' });
  for (let n = 0; n < 24; n++) await createPost(request, author, { title: `Filler ${n}`, language: 'en' });

  await openAs(page, author, '/dashboard/posts');
  await expect(page.getByRole('status').filter({ hasText: '28 posts' })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(25);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\?page=2$/);
  await expect(page.locator('tbody tr')).toHaveCount(3);

  await page.getByLabel('Search titles and texts').fill('الاتجار');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\?q=%D8%A7%D9%84%D8%A7%D8%AA%D8%AC%D8%A7%D8%B1$/);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await expect(page.locator('tbody tr').filter({ hasText: 'دليل الاتّجار بالبشر للعاملين' })).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: 'قانون الإتجار بالبشر' })).toBeVisible();

  await page.getByLabel('State').selectOption('draft');
  await expect(page).toHaveURL(/q=.+&state=draft$/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText('قانون الإتجار بالبشر');
  await expect(page.locator('tbody tr')).toContainText('Draft');

  // Back: the search without the state filter, then the second page of everything.
  await page.goBack();
  await expect(page.getByLabel('State')).toHaveValue('');
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByLabel('Search titles and texts')).toHaveValue('الاتجار');
  await page.goBack();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByLabel('Search titles and texts')).toHaveValue('');
  await expect(page.locator('tbody tr')).toHaveCount(3);

  // The same screen in Arabic, filtered, passes axe.
  await page.goto('/dashboard/posts?state=draft&q=%D8%A7%D9%84%D8%A7%D8%AA%D8%AC%D8%A7%D8%B1');
  await page.getByRole('navigation').getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('status').filter({ hasText: 'منشور واحد' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('a post is scheduled in Baghdad time and shown so in the list', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  // The browser runs in another zone: what staff type is Baghdad time all the same.
  await page.emulateMedia({ colorScheme: 'light' });
  await openAs(page, author, '/dashboard/posts/addpost');
  const title = `Campaign ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('World Day against Trafficking in Persons');
  await page.getByLabel('State').selectOption('scheduled');
  await page.getByLabel('Publish on (Baghdad time)').fill('2030-07-30T00:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Successful')).toBeVisible();
  const row = page.locator('tbody tr').filter({ hasText: title });
  await expect(row).toContainText('Scheduled for 30 Jul 2030, 00:00');
  const id = (await row.getByRole('link', { name: `Open ${title} in a new tab` }).getAttribute('href'))!.replace('/p/', '');
  expect(await (await request.get(`/api/posts/${id}`, { headers: auth(author) })).json()).toMatchObject({ state: 'scheduled', publishAt: '2030-07-29T21:00:00.000Z' });
  expect((await request.get(`/api/posts/${id}`)).status()).toBe(404);

  // Reopened, the form shows the same Baghdad time.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByLabel('Publish on (Baghdad time)')).toHaveValue('2030-07-30T00:00');
});

test.describe('on a computer set to another time zone', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });
  test('the publication time stays Baghdad time on a computer set to another zone', async ({ page, request }) => {
    const author = await createAuthor(request, await apiLogin(request));
    const post = await createPost(request, author, { title: `Zone check ${Date.now()}`, language: 'en', state: 'scheduled', publishAt: '2030-07-30T00:00:00+03:00' });
    await openAs(page, author, `/dashboard/posts/${post._id}`);
    await expect(page.getByLabel('Publish on (Baghdad time)')).toHaveValue('2030-07-30T00:00');
    await page.getByLabel('Publish on (Baghdad time)').fill('2030-07-31T09:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Successful')).toBeVisible();
    expect((await (await request.get(`/api/posts/${post._id}`, { headers: auth(author) })).json()).publishAt).toBe('2030-07-31T06:30:00.000Z');
  });
});

test('the translation picker links an Arabic post to its English version, both ways', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  const stamp = Date.now();
  const english = await createPost(request, author, { title: `Referral form ${stamp}`, language: 'en' });
  const arabic = await createPost(request, author, { title: `استمارة الإحالة ${stamp}`, language: 'ar' });
  await openAs(page, author, `/dashboard/posts/${arabic._id}`);
  await expect(page.getByLabel('Title')).toHaveValue(arabic.title);
  await page.getByLabel('Search the English posts').fill(`referral ${stamp}`);
  await page.getByLabel('Search the English posts').press('Enter');
  await page.getByRole('button', { name: `Link ${english.title}` }).click();
  await expect(page.getByText(`Linked to: ${english.title}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Successful')).toBeVisible();
  expect((await (await request.get(`/api/posts/${arabic._id}`)).json()).translationOf).toBe(english._id);
  expect((await (await request.get(`/api/posts/${english._id}`)).json()).translationOf).toBe(arabic._id);

  // From the other side the link shows, and Unlink undoes both.
  await page.goto(`/dashboard/posts/${english._id}`);
  await expect(page.getByText(`Linked to: ${arabic.title}`)).toBeVisible();
  await page.getByRole('button', { name: 'Unlink' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Successful')).toBeVisible();
  expect((await (await request.get(`/api/posts/${arabic._id}`)).json()).translationOf).toBeNull();
});
