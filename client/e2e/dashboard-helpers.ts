// Shared steps of the dashboard browser tests: API logins, a stored session, small real files.
import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export interface LoggedIn { _id: string; name: string; email: string; isAdmin: boolean; isAuthor: boolean; token: string }

export async function apiLogin(request: APIRequestContext, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<LoggedIn> {
  const response = await request.post('/api/users/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** Creates an author through the API (as admin) and logs them in. */
export async function createAuthor(request: APIRequestContext, admin: LoggedIn): Promise<LoggedIn & { password: string }> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `au${suffix}@example.org`;
  const password = 'author-pass-123';
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name: `Author ${suffix}`, email, password, isAdmin: false, isAuthor: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...(await apiLogin(request, email, password)), password };
}

/** Puts the user in localStorage before the app starts, as a returning staff member would have it. */
export async function openAs(page: Page, user: LoggedIn, path: string, language: 'en' | 'ar' = 'en'): Promise<void> {
  await page.goto('/api/health');
  await page.context().addCookies([{ name: 'i18next', value: language, url: new URL('/', page.url()).href }]);
  await page.evaluate((stored) => localStorage.setItem('userInfo', JSON.stringify(stored)), user);
  await page.goto(path);
}

/**
 * Clicks `button` and answers the response of the write it sends (`method` to `path`): what a test
 * reads afterwards is what this save stored. A toast is no such proof: an earlier save's toast with
 * the same words may still be on screen.
 */
export async function clickAndAwaitSave(page: Page, button: Locator, method: string, path: string): Promise<Response> {
  const answer = page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname === path);
  await button.click();
  return answer;
}

export const auth = (user: LoggedIn) => ({ Authorization: `Bearer ${user.token}` });

// A real 1x1 PNG, so the server's content check accepts it.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
/** One empty page: the server refuses a PDF without pages. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n'
  + '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
export const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
export const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });
export const textFile = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from('just some text, not an image\n') });

/** The error summary of a form (the GOV.UK pattern): "There is a problem" and each problem. */
export const errorSummary = (scope: Page | Locator) => scope.locator('.dash-error-summary');

/**
 * A problem where the mistake is: listed in the summary as a link to its field, and shown beside
 * the field, which is marked invalid and described by the message. The field is looked for in
 * `scope` (a branch's group), the summary in `summaryScope` (the page, a dialog).
 */
export async function expectFieldError(scope: Page | Locator, fieldLabel: string, message: string, summaryScope: Page | Locator = scope): Promise<void> {
  await expect(errorSummary(summaryScope).getByRole('link', { name: message, exact: true })).toBeVisible();
  const field = scope.getByLabel(fieldLabel, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

/** A name inside a confirmation, kept whole in either direction by Unicode isolates (as the dashboard writes it). */
export const isolated = (name: string) => `\u2068${name}\u2069`;
