// Posts lists, pagination and ?p=, excerpt lengths by width, relative time, post detail and search.
import { expect, test } from '@playwright/test';
import { excerptLength } from '../src/lib/excerpt';
import { formatDateTime } from '../src/lib/relativeTime';
import { adminToken, createPost, openAs, uploadImage, watchConsole } from './public-helpers';

const LONG_TEXT = Array.from({ length: 2400 }, (_, index) => 'abcdefghij'[index % 10]).join('');

test('excerpts follow the width table and are recomputed on resize', async ({ page, request }) => {
  const title = `Excerpt ${Date.now()}`;
  await createPost(request, { title, describtion: LONG_TEXT, type: 'Training', language: 'en' });
  const checkConsole = watchConsole(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await openAs(page, '/posts/Training');
  const card = page.locator('.post-card', { has: page.getByRole('link', { name: title }) });
  for (const width of [375, 650, 760, 900, 1100, 1400, 1600, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const expected = excerptLength(width);
    await expect(card.locator('.excerpt'), `width ${width}`).toHaveText(`${LONG_TEXT.slice(0, expected)}...`);
  }
  checkConsole();
});

test('pagination shows two neighbours, previous and next, and keeps the page in ?p=', async ({ page, request }) => {
  const token = await adminToken(request);
  expect(token).toBeTruthy();
  // 50 Arabic guides give at least six pages of nine.
  for (let index = 0; index < 50; index += 1) {
    await createPost(request, { title: `دليل ${index}`, type: 'Guide', language: 'ar', describtion: 'نص تجريبي' });
  }
  const firstPage = await (await request.get('/api/posts/Guide/ar?pageNumber=4')).json() as { posts: Array<{ title: string }>; pages: number };
  expect(firstPage.pages).toBeGreaterThanOrEqual(6);

  const checkConsole = watchConsole(page);
  await openAs(page, '/posts/Guide?p=4', { language: 'ar' });
  const pagination = page.getByRole('navigation', { name: 'الصفحات' });
  await expect(pagination.locator('a[aria-current="page"]')).toHaveText('4');
  const numbers = await pagination.locator('a[aria-label^="الصفحة"]').allTextContents();
  expect(numbers).toEqual(['2', '3', '4', '5', '6']);
  await expect(page.locator('.post-card').first().locator('.card-title')).toHaveText(firstPage.posts[0].title);

  await pagination.getByRole('link', { name: 'التالي' }).click();
  await expect(page).toHaveURL(/\?p=5$/);
  await expect(pagination.locator('a[aria-current="page"]')).toHaveText('5');
  await pagination.getByRole('link', { name: 'الصفحة 3' }).click();
  await expect(page).toHaveURL(/\?p=3$/);
  await pagination.getByRole('link', { name: 'السابق' }).click();
  await expect(page).toHaveURL(/\?p=2$/);

  await page.goto('/posts/Guide');
  await expect(pagination.locator('a[aria-current="page"]')).toHaveText('1');
  await expect(pagination.locator('.disabled')).toHaveText('السابق');
  expect(await pagination.locator('a[aria-label^="الصفحة"]').allTextContents()).toEqual(['1', '2', '3']);
  // Newest first.
  const newest = await (await request.get('/api/posts/Guide/ar?pageNumber=1')).json() as { posts: Array<{ title: string }> };
  await expect(page.locator('.post-card').first().locator('.card-title')).toHaveText(newest.posts[0].title);
  checkConsole();
});

test('relative time uses the wording of the spec in both languages', async ({ page, request }) => {
  const title = `Timed ${Date.now()}`;
  const post = await createPost(request, { title, type: 'Iraq', language: 'en' });
  const created = new Date(post.createdAt).getTime();
  const card = page.locator('.post-card', { has: page.getByRole('link', { name: title }) });

  await openAs(page, '/posts/Iraq');
  await expect(card.locator('time')).toHaveText('A few seconds ago');

  await page.clock.install({ time: created + 3 * 60_000 + 5_000 });
  await page.reload();
  await expect(card.locator('time')).toHaveText('3 Minutes ago');

  await page.clock.setSystemTime(created + 2 * 3_600_000 + 5_000);
  await page.reload();
  await expect(card.locator('time')).toHaveText('2 hours ago');

  await page.clock.setSystemTime(created + 3 * 86_400_000);
  await page.reload();
  await expect(card.locator('time')).toHaveText(formatDateTime(new Date(created)));
});

test('relative time in Arabic', async ({ page, request }) => {
  const title = `وقت ${Date.now()}`;
  const post = await createPost(request, { title, type: 'Iraq', language: 'ar' });
  const created = new Date(post.createdAt).getTime();
  await page.clock.install({ time: created + 3 * 60_000 + 5_000 });
  await openAs(page, '/posts/Iraq', { language: 'ar' });
  const card = page.locator('.post-card', { has: page.getByRole('link', { name: title }) });
  await expect(card.locator('time')).toHaveText('منذ 3 دقائق');
  await page.clock.setSystemTime(created + 2 * 3_600_000 + 5_000);
  await page.reload();
  await expect(card.locator('time')).toHaveText('منذ ساعتين');
});

test('post detail shows the text as text, the video, the PDF link and the album', async ({ page, request }) => {
  const image = await uploadImage(request);
  const pictures = [await uploadImage(request), await uploadImage(request)];
  const title = `Detail ${Date.now()}`;
  const post = await createPost(request, {
    title, type: 'Form', image, pictures, video: 'dQw4w9WgXcQ', pdf: image,
    describtion: 'First line\nSecond line <b>not bold</b>',
  });
  // The embed is answered locally: nothing leaves the machine in tests.
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }));
  const checkConsole = watchConsole(page);
  await openAs(page, `/p/${post._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.post-detail time')).toHaveText('A few seconds ago');
  const prose = page.locator('.post-detail .prose');
  await expect(prose).toHaveText('First line\nSecond line <b>not bold</b>');
  await expect(prose.locator('b')).toHaveCount(0);
  expect(await prose.evaluate((element) => (element as HTMLElement).innerText)).toContain('First line\nSecond line');
  const iframe = page.locator('.video iframe');
  await expect(iframe).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(iframe).toHaveAttribute('loading', 'lazy');
  await expect(iframe).toHaveAttribute('title', `Video: ${title}`);
  const pdf = page.getByRole('link', { name: /View the PDF/ });
  await expect(pdf).toHaveAttribute('href', image);
  await expect(pdf).toHaveAttribute('target', '_blank');
  await expect(pdf).toHaveAttribute('rel', /noopener/);
  await expect(page.getByRole('heading', { name: 'Album' })).toBeVisible();
  await expect(page.locator('.album img')).toHaveCount(2);
  checkConsole();
});

test('search finds posts by keyword, keeps ?keyword= and ?p= (and reads the older ?q=), and has a friendly empty state', async ({ page, request }) => {
  const keyword = `zebrafinch${Date.now() % 100000}`;
  await createPost(request, { title: `About the ${keyword}`, type: 'International' });
  const checkConsole = watchConsole(page);
  await openAs(page, '/search');
  await expect(page.getByText('Type a word and press Search')).toBeVisible();
  await page.getByLabel('Search posts by keyword').fill(keyword);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?keyword=${keyword}&p=1$`));
  await expect(page.getByRole('link', { name: `About the ${keyword}` })).toBeVisible();

  await page.goto('/search?q=qqqnothinghere&p=1');
  await expect(page.getByLabel('Search posts by keyword')).toHaveValue('qqqnothinghere');
  await expect(page.getByText('Nothing matches “qqqnothinghere”')).toBeVisible();
  checkConsole();
});
