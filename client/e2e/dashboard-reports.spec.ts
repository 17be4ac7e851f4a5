// Reports: the visits screen names pages by post title, takes a period, and its CSV downloads (and
// the ratings one) open with Arabic intact.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, openAs } from './dashboard-helpers';

async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

test('the most viewed pages show post titles and download as a CSV with Arabic intact', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const title = `دليل الإحالة، "${Date.now()}"`;
  const post = await (await request.post('/api/posts', { headers: auth(admin), data: { title, describtion: 'نص', language: 'ar', type: 'Guide' } })).json();
  for (let i = 0; i < 3; i++) await request.post('/api/events', { data: { name: 'pageview', path: `/p/${post._id}` } });

  await openAs(page, admin, '/dashboard/visits');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`/p/${post._id}`);

  // A chosen period: today only.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  // The dates are kept left to right inside either language's sentence (Unicode isolates).
  await expect(page.getByText(`\u2066${today}\u2069 to \u2066${today}\u2069 (1 days)`)).toBeVisible();

  const file = await downloaded(page, 'Download most viewed pages (CSV)');
  expect(file.name).toBe(`visits-top-pages-${today}-to-${today}.csv`);
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(file.bytes, { bom: true }) as string[][];
  expect(rows[0]).toEqual(['Page', 'Path', 'Page views']);
  const line = rows.find((cells) => cells[1] === `/p/${post._id}`);
  expect(line?.[0]).toBe(title);
  expect(Number(line?.[2])).toBeGreaterThanOrEqual(3);

  const daily = await downloaded(page, 'Download daily visits (CSV)');
  expect((parse(daily.bytes, { bom: true }) as string[][]).map((cells) => cells[0])).toEqual(['Day', today]);
});

test('the ratings download in Arabic has Arabic headings, and the visits screen passes axe in Arabic', async ({ page, request }) => {
  await request.post('/api/rating/website', { data: { rate: 5 } });
  const admin = await apiLogin(request);
  await openAs(page, admin, '/dashboard/rating', 'ar');
  const file = await downloaded(page, 'تنزيل التقييمات (CSV)');
  const rows = parse(file.bytes, { bom: true }) as string[][];
  expect(rows[0]).toEqual(['التقييم', 'النجوم', 'الأصوات']);
  expect(rows[1][0]).toBe('الموقع');
  expect(Number(rows[1][2])).toBeGreaterThan(0);

  await page.goto('/dashboard/visits');
  await expect(page.getByRole('heading', { name: 'الصفحات الأكثر مشاهدة' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
