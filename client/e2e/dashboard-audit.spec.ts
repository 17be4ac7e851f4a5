// The audit log read by a person, in English and Arabic: who did what to which item, the item
// named (and linked while it exists), changed fields by their form labels with short values
// before → after; filters by person, kind and days; a helpful word when nothing matches.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, createAuthor, openAs } from './dashboard-helpers';

async function expectAxeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.use({ viewport: { width: 1366, height: 768 } });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "Field: before → after" as shown; screen readers also hear "became" (a visually hidden word) after the arrow. */
const change = (field: string, from: string, to: string, arrow = '→', became = 'became') =>
  new RegExp(`${escape(field)}: ${escape(from)} ${arrow}\\s*(${became})?\\s*${escape(to)}`);

test('after a post edit, a city edit and a role change the log names each item and field as the forms do', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const suffix = Date.now().toString(36);
  const author = await createAuthor(request, admin);
  const post = await (await request.post('/api/posts', { headers: auth(admin),
    data: { title: `Referral guide ${suffix}`, describtion: 'Text', language: 'en', type: 'Guide' } })).json();
  const city = await (await request.post('/api/maps', { headers: auth(admin),
    data: { name: `Audit city ${suffix}`, branch: [{ address: 'Street 1', phone: '066 225 0101', email: 'a@example.org' }] } })).json();

  // The post is edited in its form, the role in the users screen; the city through the API.
  await openAs(page, admin, `/dashboard/posts/${post._id}`);
  await page.getByLabel('Title', { exact: true }).fill(`Referral guide ${suffix} (2026)`);
  await page.getByLabel('Type', { exact: true }).selectOption('Iraq');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  expect((await request.post(`/api/maps/${city._id}`, { headers: auth(admin), data: {
    name: `Audit city ${suffix} centre`, branch: [{ address: 'Street 1', phone: '066 225 0101', email: 'a@example.org' }, { address: 'Street 2', phone: '066 225 0102', email: 'b@example.org' }],
  } })).status()).toBe(200);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('row').filter({ hasText: author.email }).getByRole('button', { name: `Edit ${author.email}` }).click();
  await page.getByRole('dialog').getByRole('radio', { name: /^Admin/ }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit log' }).click();
  const row = (text: string) => page.getByRole('row').filter({ hasText: text }).first();
  const postRow = row(`Changed the post “Referral guide ${suffix} (2026)”`);
  await expect(postRow).toContainText('Administrator');
  await expect(postRow).toContainText(change('Title', `Referral guide ${suffix}`, `Referral guide ${suffix} (2026)`));
  await expect(postRow).toContainText(change('Type', 'Guide', 'Iraqi law'));
  await expect(postRow.getByRole('link', { name: `the post “Referral guide ${suffix} (2026)”` })).toHaveAttribute('href', `/dashboard/posts/${post._id}`);
  const cityRow = row(`Changed the city “Audit city ${suffix} centre”`);
  await expect(cityRow).toContainText(change('City name', `Audit city ${suffix}`, `Audit city ${suffix} centre`));
  await expect(cityRow).toContainText(change('Branches', '1 branch', '2 branches'));
  const roleRow = row(`Changed the account of “${author.name}”`);
  await expect(roleRow).toContainText(change('Role', 'Author', 'Admin'));
  // No raw ids or internal names anywhere.
  await expect(page.locator('tbody')).not.toContainText(post._id);
  await expect(page.locator('tbody')).not.toContainText('describtion');
  await expectAxeClean(page, 'audit log (en)');

  // Arabic: the same entries in the reader's words.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'العربية' }).click();
  const arabicPost = row(`عدّل المنشور «Referral guide ${suffix} (2026)»`);
  await expect(arabicPost).toContainText(change('النوع', 'الأدلة', 'القانون العراقي', '←', 'أصبح'));
  await expect(row(`عدّل المدينة «Audit city ${suffix} centre»`)).toContainText(change('الفروع', 'فرع واحد', 'فرعان', '←', 'أصبح'));
  await expect(row(`عدّل حساب «${author.name}»`)).toContainText(change('الدور', 'كاتب', 'مدير', '←', 'أصبح'));
  await expectAxeClean(page, 'audit log (ar)');
  await page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('button', { name: 'English' }).click();

  // Deleted, the post is still named, no longer linked.
  expect((await request.delete(`/api/posts/${post._id}`, { headers: auth(admin) })).status()).toBe(200);
  await page.reload();
  const deleted = row(`Deleted the post “Referral guide ${suffix} (2026)”`);
  await expect(deleted).toContainText('(no longer there)');
  await expect(deleted.getByRole('link')).toHaveCount(0);
  await expect(postRow.getByRole('link')).toHaveCount(0);
  await request.delete(`/api/maps/${city._id}`, { headers: auth(admin) });
});

test('the log filters by person, kind of item and days, and says so when nothing matches', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const author = await createAuthor(request, admin);
  const contact = await (await request.post('/api/contact', { headers: auth(author), data: { type: 'email', value: `audit-${Date.now()}@example.org` } })).json();
  await openAs(page, admin, '/dashboard/audit');
  await page.getByLabel('Person').selectOption({ label: `${author.name} (${author.email})` });
  await expect(page).toHaveURL(new RegExp(`person=${author._id}`));
  await expect(page.getByRole('row').filter({ hasText: `Created the contact entry “${contact.value}”` })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel('Kind of item').selectOption({ label: 'Cities' });
  await expect(page.getByText('No change matches these filters.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Clear' }).click();
  await page.getByLabel('Kind of item').selectOption({ label: 'Contact details' });
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2020-01-02');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/entity=contact&from=2020-01-01&to=2020-01-02/);
  await expect(page.getByText('No change matches these filters.', { exact: false })).toBeVisible();
  await expectAxeClean(page, 'audit log, nothing matches');
  // Back restores the earlier filters.
  await page.goBack();
  await expect(page.getByLabel('Kind of item')).toHaveValue('contact');
  await expect(page.getByLabel('From')).toHaveValue('');
});
