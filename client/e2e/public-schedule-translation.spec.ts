// A scheduled post appears on the public list at its time, with no restart; staff see a "not public
// yet" banner before; a post links to its translation and the language switch goes there.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, auth, createAuthor, openAs, type LoggedIn } from './dashboard-helpers';
import { waitForHydration } from './public-helpers';

async function createPost(request: APIRequestContext, user: LoggedIn, data: Record<string, unknown>): Promise<{ _id: string; title: string }> {
  const response = await request.post('/api/posts', { headers: auth(user), data: { describtion: 'Text of the post', ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test('a scheduled post appears on the public list at its time, and staff see it is not public before', async ({ page, browser, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  const title = `Scheduled notice ${Date.now()}`;
  const publishAt = Date.now() + 8_000;
  const post = await createPost(request, author, { title, language: 'en', type: 'Form', state: 'scheduled', publishAt: new Date(publishAt).toISOString() });

  // A visitor: not on the list (whose page is now cached by the server), not reachable directly.
  await page.goto('/posts/Form');
  await expect(page.getByRole('list', { name: 'Posts' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  expect((await request.get(`/api/posts/${post._id}`)).status()).toBe(404);

  // Staff opening it see a clear banner with its state and Baghdad time, in both languages.
  const staff = await browser.newPage();
  await openAs(staff, author, `/p/${post._id}`);
  await expect(staff.getByRole('heading', { name: title })).toBeVisible();
  const banner = staff.getByRole('note');
  await expect(banner).toContainText('Not public yet');
  await expect(banner).toContainText('This post is scheduled: it becomes public on');
  await expect(banner).toContainText('(Baghdad time)');
  await staff.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'AR' }).click();
  await expect(staff.getByRole('note')).toContainText('غير منشور للعموم بعد');
  await staff.close();

  // The visitor reloads until it shows: never before its time, soon after.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt);
  // First on its list (dated by its publication), public, and without the staff banner.
  await expect(page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first()).toContainText(title);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});

test('the public never sees a draft, and staff see it marked as a draft', async ({ page, browser, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  const post = await createPost(request, author, { title: `Unfinished ${Date.now()}`, language: 'en', type: 'Guide', state: 'draft' });
  await page.goto(`/p/${post._id}`);
  await expect(page.getByRole('heading', { name: post.title })).toHaveCount(0);
  await expect(page.getByText('Not public yet')).toHaveCount(0);
  const staff = await browser.newPage();
  await openAs(staff, author, `/p/${post._id}`);
  await expect(staff.getByRole('note')).toContainText('Not public yet This post is a draft: only staff can see this page.');
  await staff.close();
});

test('a post links to its translation, and the language switch goes to it', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  const stamp = Date.now();
  const english = await createPost(request, author, { title: `Rights of survivors ${stamp}`, language: 'en', type: 'Guide' });
  const arabic = await createPost(request, author, { title: `حقوق الناجين ${stamp}`, language: 'ar', type: 'Guide', translationOf: english._id });

  await page.goto(`/p/${english._id}`);
  await expect(page.getByRole('heading', { name: english.title })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Read in العربية' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${arabic._id}$`));
  await expect(page.getByRole('heading', { name: arabic.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // The language switch on the Arabic post leads to the English one, and back.
  await page.getByRole('group', { name: 'اللغة' }).getByRole('button', { name: 'EN' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${english._id}$`));
  await expect(page.getByRole('heading', { name: english.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'AR' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${arabic._id}$`));
  await expect(page.getByRole('link', { name: 'اقرأ بالإنجليزية' })).toBeVisible();

  // Without a translation, the switch only changes the language and stays on the post.
  const alone = await createPost(request, author, { title: `Alone ${stamp}`, language: 'en', type: 'Guide' });
  await page.goto(`/p/${alone._id}`);
  await page.getByRole('group', { name: 'اللغة' }).getByRole('button', { name: 'EN' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${alone._id}$`));
  await expect(page.getByRole('link', { name: /Read in/ })).toHaveCount(0);
});
