// Login, redirects, expiry, logout, roles and the lazy dashboard chunk.
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { apiLogin, auth, createAuthor, errorSummary, expectFieldError, openAs } from './dashboard-helpers';

test('login validates before any request, shows server errors in red, and returns to the asked page', async ({ page }) => {
  const loginCalls: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/api/users/login')) loginCalls.push(request.url()); });
  await page.goto('/login_page_2022?redirect=%2Fdashboard%2Fcontact');
  await page.getByRole('button', { name: 'Login' }).click();
  // Changed by issue 24: the summary lists the problems and each field shows its own.
  await expectFieldError(page, 'Email', 'Email is required');
  await expectFieldError(page, 'Password', 'Password is required');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Login' }).click();
  await expectFieldError(page, 'Email', 'Enter a valid email address');
  await expectFieldError(page, 'Password', 'Password must be at least 8 characters');
  expect(loginCalls).toHaveLength(0);

  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  const serverError = errorSummary(page).getByRole('alert');
  await expect(serverError).toContainText('Invalid email or password');
  expect(await serverError.locator('li').first().evaluate((node) => getComputedStyle(node).color)).toMatch(/rgb\((1[2-9]\d|2\d\d), \d{1,2}, \d{1,2}\)/);
  expect(loginCalls).toHaveLength(1);

  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
  expect(stored.email).toBe(E2E_ADMIN.email);
});

test('login errors and texts follow Arabic', async ({ page }) => {
  await page.goto('/api/health');
  await page.context().addCookies([{ name: 'i18next', value: 'ar', url: new URL('/', page.url()).href }]);
  await page.goto('/login_page_2022');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'دخول' }).click();
  await expectFieldError(page, 'البريد الإلكتروني', 'البريد الإلكتروني مطلوب');
  await page.getByLabel('البريد الإلكتروني').fill(E2E_ADMIN.email);
  await page.getByLabel('كلمة المرور').fill('wrong-password-2');
  await page.getByRole('button', { name: 'دخول' }).click();
  const alert = errorSummary(page).getByRole('alert');
  await expect(alert).toContainText('هناك مشكلة');
  await expect(alert).toContainText('البريد الإلكتروني أو كلمة المرور غير صحيحة');
});

test('the login redirect refuses other hosts', async ({ page }) => {
  for (const target of ['//evil.example', '%2F%2Fevil.example', 'https://evil.example/x', '/\\evil.example']) {
    await page.goto(`/login_page_2022?redirect=${target}`);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await page.evaluate(() => localStorage.removeItem('userInfo'));
  }
});

test('no user or an expired token goes to login and comes back after logging in', async ({ page, request }) => {
  await page.goto('/dashboard/maps');
  await expect(page).toHaveURL(/\/login_page_2022\?redirect=%2Fdashboard%2Fmaps$/);

  // A stored token whose exp lies in the past.
  const admin = await apiLogin(request);
  const [header, , signature] = admin.token.split('.');
  const expiredPayload = Buffer.from(JSON.stringify({ sub: admin._id, exp: Math.floor(Date.now() / 1000) - 60 })).toString('base64url');
  await openAs(page, { ...admin, token: `${header}.${expiredPayload}.${signature}` }, '/dashboard/emergency');
  await expect(page).toHaveURL(/\/login_page_2022\?redirect=%2Fdashboard%2Femergency$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\/emergency$/);

  // A token that looks valid but the server refuses (401): the session ends the same way.
  await openAs(page, { ...admin, token: `${header}.${Buffer.from(JSON.stringify({ sub: admin._id, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.bad` }, '/dashboard/users');
  await expect(page).toHaveURL(/\/login_page_2022\?redirect=%2Fdashboard%2Fusers$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
});

test('logout clears the user and goes home', async ({ page, request }) => {
  await openAs(page, await apiLogin(request), '/dashboard/posts');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
});

test('an author sees no admin screens and the server refuses them', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  await openAs(page, author, '/dashboard/posts');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const name of ['Content', 'Posts', 'Contact', 'Maps', 'Emergency', 'Rating', 'Visits', 'Home', 'Logout']) {
    await expect(nav.getByText(name, { exact: true })).toBeVisible();
  }
  for (const name of ['Users', 'Audit log', 'Settings']) await expect(nav.getByText(name, { exact: true })).toHaveCount(0);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Only administrators can open this page.' })).toBeVisible();
  expect((await request.get('/api/users', { headers: auth(author) })).status()).toBe(403);
  expect((await request.post('/api/users', { headers: auth(author), data: { name: 'x', email: 'x@example.org', password: 'password-1', isAdmin: true, isAuthor: true } })).status()).toBe(403);
  expect((await request.get('/api/audit', { headers: auth(author) })).status()).toBe(403);
});

test('the public home page never downloads the dashboard chunk', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The dashboard chunk, the login chunk, the code and stylesheet they share, and the dashboard texts.
  expect(requested.filter((url) => /DashboardApp|LoginPage|\/assets\/dashboard-|dashboard\.json/.test(url))).toEqual([]);
  // Sanity check that the name is right: the dashboard does load it.
  await page.goto('/dashboard/posts');
  await expect(page).toHaveURL(/login_page_2022/);
  // The address changes before the login chunk is asked for: its form shows once it has loaded.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(requested.some((url) => url.includes('LoginPage'))).toBe(true);
  expect(requested.some((url) => /\/assets\/dashboard-.*\.css/.test(url))).toBe(true);
});
