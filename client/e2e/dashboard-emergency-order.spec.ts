// Emergency numbers in the order staff choose: moved up and down with the keyboard (focus stays on
// the moved row), saved at once, and the public page follows; the 533 hotline stays first. A
// delete names the number, and the toast that follows never covers a row's controls.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, isolated, openAs } from './dashboard-helpers';
import { BASE_URL } from './public-helpers';

async function expectAxeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The numbers of the public page's cards, in the order a visitor sees them. */
async function publicNumbers(page: Page, language: 'en' | 'ar'): Promise<string[]> {
  await page.context().addCookies([{ name: 'i18next', value: language, url: BASE_URL }]);
  await page.goto('/e/Emergency');
  return page.locator('a.call-card .call-card-number').allTextContents();
}

test.use({ viewport: { width: 1366, height: 768 } });

test('a number moved with the keyboard keeps the focus and reaches the public page in that order', async ({ page, request, browser }) => {
  const admin = await apiLogin(request);
  const suffix = Date.now() % 100000;
  const add = async (value: string, nameEN: string, nameAR: string) =>
    (await request.post('/api/emergency', { headers: auth(admin), data: { type: 'Emergency', value, nameEN, nameAR } })).json();
  const first = await add(`61${suffix}`, `Women's line ${suffix}`, `خط النساء ${suffix}`);
  const second = await add(`62${suffix}`, `Child line ${suffix}`, `خط الطفل ${suffix}`);
  // A visitor's own browser, apart from the staff member's.
  const visitorContext = await browser.newContext({ baseURL: BASE_URL });
  const visitor = await visitorContext.newPage();
  try {
    // A new number goes last: the hotline stays first for visitors.
    expect((await publicNumbers(visitor, 'en')).slice(-2)).toEqual([first.value, second.value]);
    expect((await publicNumbers(visitor, 'en'))[0]).toBe('533');

    await openAs(page, admin, '/dashboard/emergency');
    const name = `${second.nameEN} ${second.value}`;
    const moveUp = page.getByRole('button', { name: `Move up: ${name}` });
    await moveUp.focus();
    const rows = page.locator('tbody tr');
    const placeOf = async () => (await rows.allTextContents()).findIndex((text) => text.includes(second.value));
    const start = await placeOf();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${name} is now number ${start} of` })).toBeAttached();
    await expect(moveUp).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${name} is now number ${start - 1} of` })).toBeAttached();
    await expect(moveUp).toBeFocused();
    expect(await placeOf()).toBe(start - 2);
    await expectAxeClean(page, 'emergency order (en)');

    // Saved on the server: the visitor's page lists it before the number it passed.
    await expect.poll(async () => {
      const numbers = await publicNumbers(visitor, 'en');
      return numbers.indexOf(second.value) < numbers.indexOf(first.value);
    }).toBe(true);
    const english = await publicNumbers(visitor, 'en');
    expect(english[0]).toBe('533');

    // In Arabic, two steps down (back after the other number: a type's page shows its numbers in
    // the whole list's order), and the Arabic page follows too.
    await openAs(page, admin, '/dashboard/emergency', 'ar');
    const moveDown = page.getByRole('button', { name: `للأسفل: ${name}` });
    await moveDown.focus();
    await page.keyboard.press('Enter');
    await expect(moveDown).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `${name} الآن في المرتبة ${start} من` })).toBeAttached();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${name} الآن في المرتبة ${start + 1} من` })).toBeAttached();
    await expectAxeClean(page, 'emergency order (ar)');
    await expect.poll(async () => (await publicNumbers(visitor, 'ar')).indexOf(second.value)).toBe(english.indexOf(second.value) + 1);

    // A delete names the number it deletes.
    await openAs(page, admin, '/dashboard/emergency');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog', { name: `Are you sure you want to delete the emergency number ${isolated(name)}?` })
      .getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: second.value })).toHaveCount(0);

    // "Successful" after an addition stays clear of every row's buttons (it used to cover Delete).
    await page.getByLabel('Number', { exact: true }).fill(`63${suffix}`);
    await page.getByLabel('English name', { exact: true }).fill(`Toast line ${suffix}`);
    await page.getByLabel('Arabic name', { exact: true }).fill('خط');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const toast = page.locator('.dash-toast').filter({ hasText: 'Successful' });
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    for (const row of [page.locator('tbody tr').last(), page.locator('tbody tr').nth(Math.floor((await page.locator('tbody tr').count()) / 2))]) {
      await row.scrollIntoViewIfNeeded();
      for (const button of await row.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        const overlaps = box.x < toastBox.x + toastBox.width && toastBox.x < box.x + box.width && box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height;
        expect(overlaps, `the toast covers ${await button.getAttribute('aria-label')}`).toBe(false);
      }
    }
  } finally {
    const left = (await (await request.get('/api/emergency')).json() as Array<{ _id: string; value: string }>)
      .filter((item) => [first.value, second.value, `63${suffix}`].includes(item.value));
    for (const item of left) await request.delete(`/api/emergency/${item._id}`, { headers: auth(admin) });
    await visitorContext.close();
  }
});
