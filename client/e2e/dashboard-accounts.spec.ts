// Accounts in the dashboard: a second admin, disabling, a reset followed by the forced change,
// everyone's own password; in English and Arabic, checked with axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, createAuthor, expectFieldError, isolated, openAs } from './dashboard-helpers';

const toast = (page: Page, text: string | RegExp) => page.locator('.dash-toasts').getByText(text).last();
const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function expectAxeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an admin creates a second admin with the role choice, who can then manage users', async ({ page, request }) => {
  await openAs(page, await apiLogin(request), '/dashboard/users');
  const email = `ad${Date.now() % 1e8}@example.org`;
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Name').fill('Deputy Admin');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('deputy-pass-1');
  await dialog.getByLabel('Confirm password').fill('deputy-pass-1');
  await dialog.getByRole('group', { name: 'Role' }).getByRole('radio', { name: /^Admin/ }).check();
  await expectAxeClean(page, 'add user modal with roles');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(toast(page, 'User has been added successfully')).toBeVisible();
  await expect(userRow(page, email).getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();

  const deputy = await apiLogin(request, email, 'deputy-pass-1');
  expect(deputy).toMatchObject({ isAdmin: true, role: 'admin' });
  expect((await request.get('/api/users', { headers: auth(deputy) })).status()).toBe(200);
  const other = await browserPageAs(page, deputy, '/dashboard/users');
  await expect(other.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(other.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await other.context().close();
});

/** A second, separate browser session (its own storage), as another person at another computer. */
async function newSession(page: Page): Promise<Page> {
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

async function browserPageAs(page: Page, user: Awaited<ReturnType<typeof apiLogin>>, path: string, language: 'en' | 'ar' = 'en'): Promise<Page> {
  const other = await newSession(page);
  await openAs(other, user, path, language);
  return other;
}

test('an admin disables an author: the author\'s open dashboard ends at once and login says the account is disabled', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const author = await createAuthor(request, admin);
  const post = await request.post('/api/posts', { headers: auth(author), data: { title: `Disabled author's post ${author.email}`, describtion: 'Text', language: 'en', type: 'Iraq' } });
  expect(post.status()).toBe(201);
  const authorPage = await browserPageAs(page, author, '/dashboard/posts');
  await expect(authorPage.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();

  await openAs(page, admin, '/dashboard/users');
  const row = userRow(page, author.email);
  // An author who wrote a post is disabled, not deleted.
  await expect(row.getByRole('button', { name: `Delete ${author.email}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Disable ${author.email}` }).click();
  // The confirmation names whom it disables (issue 24).
  const confirm = page.getByRole('alertdialog', { name: `Disable the account of ${isolated(author.name)}? They are logged out at once and cannot log in; their posts stay.` });
  await expectAxeClean(page, 'disable confirmation');
  await confirm.getByRole('button', { name: 'Yes, disable' }).click();
  await expect(toast(page, 'The account has been disabled')).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Enable ${author.email}` })).toBeVisible();

  // The author's next request is refused: back to login, where the account is said to be disabled.
  await authorPage.goto('/dashboard/posts');
  await expect(authorPage).toHaveURL(/\/login_page_2022/);
  await logInThroughForm(authorPage, author.email, author.password);
  await expect(authorPage.getByRole('alert').filter({ hasText: 'This account is disabled' })).toBeVisible();
  // Their post is still theirs.
  // (A staff reader: public answers carry no author.)
  const kept = await request.get(`/api/posts/${(await post.json())._id}`, { headers: auth(admin) });
  expect(await kept.json()).toMatchObject({ author: author._id });
  await authorPage.context().close();
});

test('an admin resets a password; the author logs in and must choose a new one before anything else', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const author = await createAuthor(request, admin);
  await openAs(page, admin, '/dashboard/users');
  await userRow(page, author.email).getByRole('button', { name: `Reset password for ${author.email}` }).click();
  const dialog = page.getByRole('dialog', { name: /Reset the password of/ });
  await dialog.getByLabel('New password', { exact: true }).fill('temporary-pass-1');
  await dialog.getByLabel('Confirm new password').fill('temporary-pass-2');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expectFieldError(dialog, 'Confirm new password', 'Passwords Should match');
  await expectAxeClean(page, 'reset password modal');
  await dialog.getByLabel('Confirm new password').fill('temporary-pass-1');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, /The password has been reset/)).toBeVisible();
  await expect(userRow(page, author.email).getByText('Must change password')).toBeVisible();
  // The author's old session is over.
  expect((await request.get('/api/posts/author', { headers: auth(author) })).status()).toBe(401);

  const authorPage = await newSession(page);
  await authorPage.goto('/login_page_2022');
  await logInThroughForm(authorPage, author.email, 'temporary-pass-1');
  await expect(authorPage.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(authorPage).toHaveURL(/\/dashboard/);
  await expect(authorPage.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
  await expectAxeClean(authorPage, 'forced change');
  // Nothing else is allowed with this session, whatever the address typed.
  await authorPage.goto('/dashboard/posts');
  await expect(authorPage.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  const pending = await authorPage.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').token as string);
  const refused = await request.get('/api/posts/author', { headers: { Authorization: `Bearer ${pending}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors[0].messageAr).toMatch(/كلمة مرور جديدة/);

  // In Arabic, right to left, and the same password again is refused before any request.
  await authorPage.getByRole('button', { name: 'العربية' }).click();
  await expect(authorPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(authorPage.getByRole('heading', { level: 1, name: 'اختر كلمة مرور جديدة' })).toBeVisible();
  await expectAxeClean(authorPage, 'forced change (ar)');
  await authorPage.getByLabel('كلمة المرور التي أُعطيت لك').fill('temporary-pass-1');
  await authorPage.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('temporary-pass-1');
  await authorPage.getByLabel('تأكيد كلمة المرور الجديدة').fill('temporary-pass-1');
  await authorPage.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expectFieldError(authorPage, 'كلمة المرور الجديدة', 'اختر كلمة مرور مختلفة عن الحالية');
  await authorPage.getByRole('button', { name: 'English' }).click();

  await authorPage.getByLabel('New password', { exact: true }).fill('my-own-pass-12');
  await authorPage.getByLabel('Confirm new password').fill('my-own-pass-12');
  await authorPage.getByRole('button', { name: 'Change password' }).click();
  await expect(authorPage.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await expect(toast(authorPage, 'Your password has been changed. Other sessions have been logged out.')).toBeVisible();
  expect(await apiLogin(request, author.email, 'my-own-pass-12')).toMatchObject({ mustChangePassword: false });
  await authorPage.context().close();
});

test('every user changes their own password under "My password"; other sessions end, this one goes on', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  const otherDevice = await apiLogin(request, author.email, author.password);
  await openAs(page, author, '/dashboard/posts');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My password' })).toBeVisible();
  await expectAxeClean(page, 'my password');

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
  await page.getByLabel('Confirm new password').fill('brand-new-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The current password is not correct' })).toBeVisible();

  await page.getByLabel('Current password').fill(author.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Your password has been changed. Other sessions have been logged out.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  // This browser is still in (it logged in again with the new password); the other device is not.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  expect((await request.get('/api/posts/author', { headers: auth(otherDevice) })).status()).toBe(401);

  await openAs(page, await apiLogin(request, author.email, 'brand-new-pass-1'), '/dashboard/password', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'كلمة المرور الخاصة بي' })).toBeVisible();
  await expectAxeClean(page, 'my password (ar)');
});

test('the users screen, its edit modal and the role change work in Arabic and pass axe', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const author = await createAuthor(request, admin);
  await openAs(page, admin, '/dashboard/users', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'المستخدمون' })).toBeVisible();
  await expectAxeClean(page, 'users (ar)');
  await userRow(page, author.email).getByRole('button', { name: `تعديل ${author.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'تعديل المستخدم' });
  await expect(dialog.getByLabel('الاسم')).toHaveValue(author.name);
  await dialog.getByRole('group', { name: 'الدور' }).getByRole('radio', { name: /^مدير/ }).check();
  await expectAxeClean(page, 'edit user (ar)');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page, 'تم تحديث المستخدم')).toBeVisible();
  await expect(userRow(page, author.email).getByRole('cell', { name: 'مدير', exact: true })).toBeVisible();
  expect((await request.get('/api/users', { headers: auth(author) })).status()).toBe(200);
  // Stepped down again, through the API this time: the role is read on every request.
  const back = await request.put(`/api/users/${author._id}`, { headers: auth(admin), data: { role: 'author' } });
  expect(back.status()).toBe(200);
  expect((await request.get('/api/users', { headers: auth(author) })).status()).toBe(403);
});
