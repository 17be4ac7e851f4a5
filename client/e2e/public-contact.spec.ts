// Contact page, emergency cards and this site's own analytics events.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, createItem, openAs, watchConsole } from './public-helpers';

interface Summary { totals: { pageview: number; contact_click: number }; topPaths: Array<{ path: string; pageview: number }> }

/** Today's counts as the server stored them (events are sent as beacons, which the browser sends on its own). */
async function eventSummary(request: APIRequestContext, path = ''): Promise<Summary> {
  const response = await request.get(`/api/events/summary?days=1${path ? `&path=${encodeURIComponent(path)}` : ''}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as Summary;
}
/** Today's page views of /contact alone (the site-wide top list may not include it while other tests run). */
const contactViews = async (request: APIRequestContext) => (await eventSummary(request, '/contact')).totals.pageview;

test('the contact page shows visitors, the website rating, phones, e-mails and social links', async ({ page, request }) => {
  const stamp = Date.now() % 100000;
  await createItem(request, '/api/contact', { type: 'phone', value: `+964 750 000 ${stamp}` });
  await createItem(request, '/api/contact', { type: 'email', value: `help${stamp}@example.org` });
  await createItem(request, '/api/contact', { type: 'facebook', value: 'https://www.facebook.com/example' });
  const checkConsole = watchConsole(page);
  await openAs(page, '/');
  const before = await eventSummary(request);
  const contactViewsBefore = await contactViews(request);
  await page.locator('.circle-menu').getByRole('link', { name: 'Contact us' }).click();
  await expect.poll(async () => (await eventSummary(request)).totals.contact_click).toBeGreaterThan(before.totals.contact_click);
  await expect.poll(() => contactViews(request)).toBeGreaterThan(contactViewsBefore);

  await expect(page.locator('.big-number')).toHaveText(/^\d+$/);
  await expect(page.getByRole('img', { name: /Average rating: \d\.\d out of 5/ })).toBeVisible();
  await expect(page.getByRole('link', { name: `+964 750 000 ${stamp}` })).toHaveAttribute('href', `tel:+964750000${stamp}`);
  await expect(page.getByRole('link', { name: `help${stamp}@example.org` })).toHaveAttribute('href', `mailto:help${stamp}@example.org`);
  const facebook = page.getByRole('link', { name: 'Facebook (opens in a new tab)' }).first();
  await expect(facebook).toHaveAttribute('href', 'https://www.facebook.com/example');
  await expect(facebook).toHaveAttribute('rel', /noopener/);
  checkConsole();
});

test('emergency cards are tap-to-call links named in the current language', async ({ page, request }) => {
  const number = `0770${Date.now() % 1000000}`;
  await createItem(request, '/api/emergency', { type: 'VOT', value: number, nameEN: 'Shelter line', nameAR: 'خط الإيواء' });
  const checkConsole = watchConsole(page);
  await openAs(page, '/e/VOT');
  const card = page.locator(`a.call-card[href="tel:${number}"]`);
  await expect(card).toContainText('Shelter line');
  await expect(card.locator('svg')).toHaveCount(1);
  await openAs(page, '/e/VOT', { language: 'ar' });
  await expect(card).toContainText('خط الإيواء');
  checkConsole();
});
