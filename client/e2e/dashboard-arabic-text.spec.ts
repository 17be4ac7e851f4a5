// Staff see Arabic as visitors read it: an Arabic post's fields run right to left, and the preview
// under the text shows a phone number in its reading order, as the public page does.
import { expect, test } from '@playwright/test';
import { apiLogin, createAuthor, openAs } from './dashboard-helpers';

test('an Arabic post\'s text runs right to left, and its preview shows the phone number left to right, tap-to-call', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  await openAs(page, author, '/dashboard/posts/addpost');
  await page.getByLabel('Language').selectOption('ar');
  const description = page.getByLabel('Description');
  await expect(description).toHaveAttribute('dir', 'rtl');
  await expect(page.getByLabel('Title')).toHaveAttribute('dir', 'rtl');
  await description.fill('يجيب مكتب أربيل على الرقم +964 750 000 0301 في أي وقت.');

  await page.getByText('Preview: as visitors see it').click();
  const preview = page.locator('.dash-preview-text');
  await expect(preview).toHaveAttribute('dir', 'rtl');
  const link = preview.getByRole('link', { name: '+964 750 000 0301' });
  await expect(link).toHaveAttribute('href', 'tel:+9647500000301');
  const [plus, last] = await link.evaluate((element) => {
    const text = element.querySelector('bdi')!.firstChild!;
    const box = (from: number) => {
      const range = document.createRange();
      range.setStart(text, from);
      range.setEnd(text, from + 4);
      return range.getBoundingClientRect().left;
    };
    return [box(0), box(text.textContent!.length - 4)];
  });
  expect(plus).toBeLessThan(last);
});
