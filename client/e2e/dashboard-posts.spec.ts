// Posts with real uploads, the refused file, About content in both languages.
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, createAuthor, expectFieldError, isolated, openAs, pdf, png, textFile } from './dashboard-helpers';

const toast = (page: Page, text: string | RegExp) => page.locator('.dash-toasts').getByText(text);

test('an author creates, edits and deletes a post with image, album and PDF uploads', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  await openAs(page, author, '/dashboard/posts');
  await page.getByRole('link', { name: 'Add post' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/addpost$/);
  await expect(page.getByLabel('Type')).toHaveValue('International');
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await expect(page.getByLabel('State')).toHaveValue('published');

  // A text file offered as an image is refused with the spec's message.
  await page.getByLabel('Main image').setInputFiles(textFile('notes.png'));
  await expect(page.getByRole('alert').filter({ hasText: 'Error! File Type is not supported' })).toBeVisible();

  // Nothing typed is lost when the server refuses the save (no title).
  await page.getByLabel('Description').fill('A guide for frontline workers.');
  await page.getByRole('button', { name: 'Save' }).click();
  // Issue 24: the problem is shown beside the title and listed on top, not as a toast.
  await expectFieldError(page, 'Title', 'Title is required');
  await expect(page.getByLabel('Description')).toHaveValue('A guide for frontline workers.');

  const title = `E2E guide ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Main image').setInputFiles(png('cover.png'));
  await page.getByLabel('Album pictures').setInputFiles([png('one.png'), png('two.png')]);
  await page.getByLabel('PDF document').setInputFiles(pdf('guide.pdf'));
  // The field names the file chosen, not the stored name nor "No file chosen".
  await expect(page.getByRole('link', { name: 'guide.pdf (opens in a new tab)' })).toBeVisible();
  await expect(page.locator('.dash-upload img')).toHaveCount(3);
  await page.getByLabel('YouTube video id').fill('dQw4w9WgXcQ');
  await page.getByLabel('Type').selectOption('Guide');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Published');
  const openLink = row.getByRole('link', { name: `Open ${title} in a new tab` });
  await expect(openLink).toHaveAttribute('target', '_blank');
  const id = (await openLink.getAttribute('href'))!.replace('/p/', '');
  const saved = await (await request.get(`/api/posts/${id}`)).json();
  expect(saved).toMatchObject({ title, type: 'Guide', language: 'en', video: 'dQw4w9WgXcQ', state: 'published' });
  expect(saved.image).toMatch(/^\/uploads\//);
  expect(saved.pictures).toHaveLength(2);
  expect(saved.pdf).toMatch(/^\/uploads\/.+\.pdf$/);
  expect((await request.get(saved.pdf)).headers()['content-type']).toContain('application/pdf');

  // The public detail page shows it.
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/p/${id}`);
  await expect(publicPage.getByRole('heading', { name: title })).toBeVisible();
  await publicPage.close();

  // Edit: the form loads the post with the token, then saves a draft.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Type')).toHaveValue('Guide');
  await page.getByLabel('Title').fill(`${title} v2`);
  await page.getByLabel('State').selectOption('draft');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  const editedRow = page.getByRole('row').filter({ hasText: `${title} v2` });
  await expect(editedRow).toContainText('Draft');
  expect((await request.get(`/api/posts/${id}`)).status()).toBe(404);
  expect((await request.get(`/api/posts/${id}`, { headers: auth(author) })).status()).toBe(200);

  // Delete after the bilingual confirmation.
  await editedRow.getByRole('button', { name: `Delete ${title} v2` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Are you sure you want to delete the post “${isolated(`${title} v2`)}”?` });
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toast(page, 'Post has been removed successfully')).toBeVisible();
  await expect(editedRow).toHaveCount(0);
  expect((await request.get(`/api/posts/${id}`, { headers: auth(author) })).status()).toBe(404);
});

test('About is edited in both languages, with its image, and other types load their own text', async ({ page, request }) => {
  await openAs(page, await apiLogin(request), '/dashboard/content');
  await expect(page.getByLabel('Content type')).toHaveValue('About');
  const english = `We help survivors. ${Date.now()}`;
  const arabic = `نحن نساعد الناجين. ${Date.now()}`;
  await expect(page.getByLabel('English text')).toBeEnabled();
  await page.getByLabel('English text').fill(english);
  await page.getByLabel('Arabic text').fill(arabic);
  await expect(page.getByLabel('Arabic text')).toHaveAttribute('dir', 'rtl');
  // While the upload is in flight the field says so and Save waits.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/upload', async (route) => { await held; await route.continue(); }, { times: 1 });
  await page.getByLabel('Image', { exact: true }).setInputFiles(png('about.png'));
  await expect(page.getByText('Uploading…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  release();
  await expect(page.getByText('Uploading…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.locator('.dash-upload img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Successful')).toBeVisible();
  const about = await (await request.get('/api/content/About')).json();
  expect(about).toMatchObject({ contentEn: english, contentAr: arabic });
  expect(about.image).toMatch(/^\/uploads\//);
  // The saved text shows on the public About page.
  const visitor = await page.context().newPage();
  await visitor.goto('/about');
  await expect(visitor.getByText(english)).toBeVisible();
  await visitor.close();

  // Another type: no image field, its own text.
  await page.getByLabel('Content type').selectOption('Activity');
  await expect(page.getByLabel('Image', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('English text')).not.toHaveValue(english);

  // The same screen in Arabic.
  await page.getByLabel('Content type').selectOption('About');
  await expect(page.getByLabel('English text')).toHaveValue(english);
  await page.getByRole('navigation').getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('النص العربي').fill(`${arabic} محدث`);
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(toast(page, 'تمت العملية بنجاح').last()).toBeVisible();
  expect((await (await request.get('/api/content/About')).json()).contentAr).toBe(`${arabic} محدث`);
});

test('a save that ends in a login keeps the typed post and comes back to it', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  await openAs(page, author, '/dashboard/posts/addpost');
  const title = `Kept through login ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Long text the author must not lose.');
  await page.getByLabel('Type').selectOption('Form');
  // The server refuses the token once, as it does when it has expired or been revoked.
  await page.route('**/api/posts', (route) => route.fulfill({ status: 401, contentType: 'application/json',
    body: JSON.stringify({ message: 'Unauthorized', errors: [{ messageEn: 'Not authorized, token failed', messageAr: 'غير مصرح', field: null }] }) }), { times: 1 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login_page_2022\?redirect=%2Fdashboard%2Fposts%2Faddpost$/);
  await page.getByLabel('Email').fill(author.email);
  await page.getByLabel('Password').fill(author.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/addpost$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Description')).toHaveValue('Long text the author must not lose.');
  await expect(page.getByLabel('Type')).toHaveValue('Form');
  await expect(page.getByText('Your unsaved changes were restored.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  // Saved, so the next new post starts empty.
  await page.getByRole('link', { name: 'Add post' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('');
  const id = (await page.evaluate(async (token) => (await (await fetch('/api/posts/author', { headers: { Authorization: `Bearer ${token}` } })).json()), author.token))
    .find((post: { title: string }) => post.title === title)._id;
  await request.delete(`/api/posts/${id}`, { headers: auth(author) });
});

test('unsaved page texts and a new city survive a reload, each kept under its own type', async ({ page, request }) => {
  await openAs(page, await apiLogin(request), '/dashboard/content');
  const draft = `Draft about trafficking ${Date.now()}`;
  await page.getByLabel('Content type').selectOption('Human Trafficing');
  await expect(page.getByLabel('English text')).toBeEnabled();
  await page.getByLabel('English text').fill(draft);
  await page.reload();
  await page.getByLabel('Content type').selectOption('Human Trafficing');
  await expect(page.getByLabel('English text')).toHaveValue(draft);
  await page.getByLabel('Content type').selectOption('Activity');
  await expect(page.getByLabel('English text')).toBeEnabled();
  await expect(page.getByLabel('English text')).not.toHaveValue(draft);
  await page.getByLabel('Content type').selectOption('Human Trafficing');
  await expect(page.getByLabel('English text')).toHaveValue(draft);

  await page.goto('/dashboard/maps/addcity');
  const city = `Draft city ${Date.now()}`;
  await page.getByLabel('City name').fill(city);
  await page.reload();
  await expect(page.getByLabel('City name')).toHaveValue(city);
});

test('an image without a text alternative is flagged until it is described or marked decorative on purpose', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  await openAs(page, author, '/dashboard/posts/addpost');
  const title = `Alt text ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A flyer.');
  await page.getByLabel('Main image').setInputFiles(png('flyer.png'));
  await page.getByLabel('Album pictures').setInputFiles([png('one.png'), png('two.png')]);
  const mainAlt = page.getByRole('group', { name: 'Text alternative for Main image' });
  await expect(mainAlt.getByText('No text alternative yet')).toBeVisible();
  await mainAlt.getByLabel('Describe the image for people who cannot see it').fill('Flyer: call 533 for free help');
  // Only the first picture is dealt with: decorative, ticked on purpose.
  await page.getByRole('group', { name: 'Text alternative for picture 1' }).getByLabel(/Decorative/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Image without text alternative')).toBeVisible();

  const saved = (await (await request.get('/api/posts/author', { headers: auth(author) })).json() as Array<{ _id: string; title: string; imageAlt: string | null; picturesAlt: Array<string | null> }>)
    .find((post) => post.title === title)!;
  expect(saved.imageAlt).toBe('Flyer: call 533 for free help');
  expect(saved.picturesAlt).toEqual(['', null]);

  // The second picture marked decorative too: the flag goes.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  const second = page.getByRole('group', { name: 'Text alternative for picture 2' });
  await second.getByLabel(/Decorative/).check();
  await expect(second.getByLabel('Describe the image for people who cannot see it')).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('Image without text alternative')).toHaveCount(0);
});
