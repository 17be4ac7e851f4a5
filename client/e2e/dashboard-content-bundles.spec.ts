// Dashboard > Content bundles: an admin applies a signed bundle chosen in the file input (as the
// desktop app reads it from a USB stick), in English, then an incremental one in Arabic, where a
// second try of the same file is refused in Arabic; axe finds nothing serious in either language.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { writeBundle } from '../../src/modules/content-bundles/archive';
import { emptyContent, type PostItem } from '../../src/modules/content-bundles/format';
import { generateSigningKey } from '../../src/modules/content-bundles/keys';
import { stampedId } from '../../src/shared/ids';
import { apiLogin, auth, openAs, PNG } from './dashboard-helpers';

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an admin applies bundles from a file in English and in Arabic; a replay is refused in Arabic', async ({ page, request }) => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'e2e-bundles-'));
  try {
    const admin = await apiLogin(request);
    // Headquarters' key, trusted through the dashboard setting (other keys on this shared server stay).
    const key = generateSigningKey(path.join(scratch, 'hq.pem'));
    const overview = await (await request.get('/api/content-bundles', { headers: auth(admin) })).json();
    const trusted = await request.put('/api/content-bundles/settings', { headers: auth(admin), data: { trustedKeys: [...overview.trustedKeys, key.publicKeyLine], officeName: overview.officeName ?? '' } });
    expect(trusted.status()).toBe(200);

    // A post with a picture, dated long ago so the public lists other tests read keep their first pages.
    const uploads = path.join(scratch, 'uploads');
    const imageName = `${randomBytes(12).toString('hex')}.png`;
    mkdirSync(uploads);
    writeFileSync(path.join(uploads, imageName), PNG);
    const post: PostItem = {
      id: randomBytes(12).toString('hex'), title: 'Sent from headquarters', description: 'Arrived on a USB stick.', image: `/uploads/${imageName}`,
      imageAlt: null, pictures: [], picturesAlt: [], video: '', language: 'en', type: 'Flyer And Brochure', pdf: '', views: 0, authorId: null,
      authorName: 'Headquarters', createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z', translationOf: null,
    };
    const first = new Date();
    const firstId = stampedId(first);
    const bundle = (file: string, id: string, base: string | null, at: Date, item: PostItem) => writeBundle(path.join(scratch, file), {
      bundleId: id, baseBundleId: base, createdAt: at.toISOString(), sourceName: 'Headquarters Baghdad',
      content: { ...emptyContent(), posts: [item] }, uploadsDir: uploads, signingKey: key,
    });
    const full = await bundle('content-full.tar.gz', firstId, null, first, post);
    const second = new Date(first.getTime() + 1000);
    const since = await bundle('content-since.tar.gz', stampedId(second), firstId, second, { ...post, title: 'Corrected at headquarters', updatedAt: second.toISOString() });

    // English.
    await openAs(page, admin, '/dashboard/content-bundles');
    await expect(page.getByRole('heading', { level: 1, name: 'Content bundles' })).toBeVisible();
    await page.getByLabel('Bundle file').setInputFiles(full.file);
    await page.getByRole('button', { name: 'Apply the bundle' }).click();
    await expect(page.getByText(`Bundle ${firstId} from Headquarters Baghdad was applied.`)).toBeVisible();
    await expect(page.getByTestId('bundle-changes').getByRole('row', { name: /^Posts/ })).toHaveText(/Posts\s*1\s*0\s*0\s*0/);
    await expect(page.getByTestId('bundles-applied')).toContainText(firstId);
    // Read as staff: public answers carry no author.
    const applied = await (await request.get(`/api/posts/${post.id}`, { headers: auth(admin) })).json();
    expect(applied).toMatchObject({ title: 'Sent from headquarters', image: `/uploads/${imageName}`, authorName: 'Headquarters' });
    expect((await request.get(`/uploads/${imageName}`)).status()).toBe(200);
    // Its phone-sized copy was written at the import, not left to the older-image fallback.
    const variant = await request.get(`/uploads/${imageName.replace('.png', '-480w.webp')}`);
    expect([variant.status(), variant.headers()['content-type']]).toEqual([200, 'image/webp']);
    await expectNoSeriousViolations(page, 'en content bundles');

    // Arabic: the incremental bundle, then the same file again.
    await openAs(page, admin, '/dashboard/content-bundles', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'حزم المحتوى' })).toBeVisible();
    await page.getByLabel('ملف الحزمة').setInputFiles(since.file);
    await page.getByRole('button', { name: 'تطبيق الحزمة' }).click();
    await expect(page.getByText(`طُبّقت الحزمة ${since.manifest.bundleId} من Headquarters Baghdad.`)).toBeVisible();
    await expect(page.getByTestId('bundle-changes').getByRole('row', { name: /^المنشورات/ })).toHaveText(/المنشورات\s*0\s*1\s*0\s*0/);
    expect((await (await request.get(`/api/posts/${post.id}`)).json()).title).toBe('Corrected at headquarters');

    await page.getByLabel('ملف الحزمة').setInputFiles(since.file);
    await page.getByRole('button', { name: 'تطبيق الحزمة' }).click();
    // Issue 24: the refusal is in the form's error summary, which takes focus.
    const summary = page.locator('#dash-main .dash-error-summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('alert')).toContainText('تم تطبيق هذه الحزمة هنا من قبل: لم يتغير شيء');
    await expectNoSeriousViolations(page, 'ar content bundles');

    // The shared server's public lists are left as the other tests expect them.
    expect((await request.delete(`/api/posts/${post.id}`, { headers: auth(admin) })).status()).toBe(200);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('an admin makes this site\'s signing key from the screen, copies the public key, trusts a pasted key and makes a bundle: no command anywhere', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const before = await (await request.get('/api/content-bundles', { headers: auth(admin) })).json();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    await openAs(page, admin, '/dashboard/content-bundles');
    const main = page.locator('#dash-main');
    await expect(main.getByRole('heading', { name: 'Send content to field offices' })).toBeVisible();
    await expect(main).not.toContainText(/npm|keygen|terminal|command line/i);
    // A fresh site has no key: it is made here, once (a retry on the same server finds it made).
    if (before.signingKey === null) {
      await expect(main.getByText('this site needs its own signing key', { exact: false })).toBeVisible();
      await main.getByRole('button', { name: "Make this site's signing key" }).click();
    }
    const keyField = main.getByLabel("This site's public key (give it to field offices once)");
    await expect(keyField).toHaveValue(/^ed25519:[A-Za-z0-9_-]{43}$/);
    const line = await keyField.inputValue();
    expect((await (await request.get('/api/content-bundles', { headers: auth(admin) })).json()).signingKey).toBe(line);

    await main.getByRole('button', { name: 'Copy the public key' }).click();
    await expect(main.getByText('The public key was copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);

    // A field office pastes headquarters' line under its trusted keys (here, this very site's).
    const trusted = main.getByLabel("Headquarters' trusted public keys (one per line)");
    await trusted.fill([...before.trustedKeys, line].join('\n'));
    await main.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.dash-toasts').getByText('Successful')).toBeVisible();
    expect((await (await request.get('/api/content-bundles', { headers: auth(admin) })).json()).trustedKeys).toContain(line);

    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: 'Make a full bundle' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^content-.+\.tar\.gz$/);
    await expectNoSeriousViolations(page, 'en signing key');

    await openAs(page, admin, '/dashboard/content-bundles', 'ar');
    await expect(page.locator('#dash-main')).not.toContainText(/npm|keygen/i);
    await expect(page.getByLabel('المفتاح العام لهذا الموقع (أعطه للمكاتب الميدانية مرة واحدة)')).toHaveValue(line);
    await expect(page.getByRole('button', { name: 'نسخ المفتاح العام' })).toBeVisible();
    await expectNoSeriousViolations(page, 'ar signing key');
  } finally {
    await request.put('/api/content-bundles/settings', { headers: auth(admin), data: { trustedKeys: before.trustedKeys, officeName: before.officeName ?? '' } });
  }
});
