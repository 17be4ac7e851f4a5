// A search that matches more posts than it counts says "more than N" in the page's language, and
// its pagination still leads past the last page counted.
import { expect, test } from '@playwright/test';
import { POSTS_PAGE_SIZE, SEARCH_PAGES_COUNTED } from '../../src/shared/domain';
import { adminToken, openAs, watchConsole } from './public-helpers';

const COUNTED = SEARCH_PAGES_COUNTED * POSTS_PAGE_SIZE;

test('a search with more matches than it counts says so in Arabic and English, and its last counted page links to the next', async ({ page, request }) => {
  test.setTimeout(180_000);
  const keyword = `zmany${Date.now() % 100000}`;
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  // Half Arabic, half English: the search finds both.
  for (let index = 0; index < COUNTED + 5; index += 1) {
    const arabic = index % 2 === 1;
    const response = await request.post('/api/posts', { headers, data: {
      title: `${arabic ? 'منشور' : 'Post'} ${keyword} ${index}`, describtion: arabic ? 'نص' : 'Text', language: arabic ? 'ar' : 'en', type: 'Guide',
    } });
    expect(response.status()).toBe(201);
  }
  const checkConsole = watchConsole(page);

  await openAs(page, `/search?keyword=${keyword}`, { language: 'ar' });
  await expect(page.getByText(`أكثر من ${COUNTED} منشور يطابق «${keyword}». أضف كلمة أخرى لتضييق البحث.`)).toBeVisible();
  const arabicPages = page.getByRole('navigation', { name: 'الصفحات' });
  await page.goto(`/search?keyword=${keyword}&p=${SEARCH_PAGES_COUNTED}`);
  await expect(arabicPages.locator('a[aria-current="page"]')).toHaveText(String(SEARCH_PAGES_COUNTED));
  await arabicPages.getByRole('link', { name: 'التالي' }).click();
  await expect(page).toHaveURL(new RegExp(`p=${SEARCH_PAGES_COUNTED + 1}$`));
  await expect(page.locator('.post-card')).toHaveCount(5);

  await openAs(page, `/search?keyword=${keyword}`, { language: 'en' });
  await expect(page.getByText(`More than ${COUNTED} posts match “${keyword}”. Add a word to narrow the search.`)).toBeVisible();
  checkConsole();
});
