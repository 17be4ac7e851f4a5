// Errors where the mistake is, on every dashboard form, in English and Arabic (the GOV.UK error
// pattern): the summary at the top takes focus and lists each problem as a link to its field; the
// field itself shows the message, named as its label names it; what was typed stays. Each form
// is checked with axe while it shows its errors.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, auth, createAuthor, errorSummary, expectFieldError, openAs, pdf, png } from './dashboard-helpers';

const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
/** The same words in both languages. */
const say = (language: Language, en: string, ar: string) => (language === 'en' ? en : ar);

async function expectAxeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The summary took focus, is titled, and the page title says there is an error. */
async function expectSummary(page: Page, scope: Page | Locator, language: Language) {
  const summary = errorSummary(scope);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { name: say(language, 'There is a problem', 'هناك مشكلة') })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${say(language, 'Error:', 'خطأ:')} `));
}

test.use({ viewport: { width: 1366, height: 768 } });

test('the city form names a wrong branch field ("Branch 2: Phone number"), links to it, keeps what was typed', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  for (const language of LANGUAGES) {
    await openAs(page, author, '/dashboard/maps/addcity', language);
    const name = `Errors city ${language} ${Date.now()}`;
    await page.getByLabel(say(language, 'City name', 'اسم المدينة')).fill(name);
    const branch = (number: number) => page.getByRole('group', { name: say(language, `Branch ${number}`, `الفرع ${number}`), exact: true });
    const fill = async (number: number, values: [string, string, string]) => {
      for (const [index, label] of [say(language, 'Address', 'العنوان'), say(language, 'Phone number', 'رقم الهاتف'), say(language, 'Email', 'البريد الإلكتروني')].entries()) {
        await branch(number).getByLabel(label, { exact: true }).fill(values[index]);
      }
    };
    // The accepted formats are said under the phone field before anything goes wrong.
    await expect(branch(1).getByLabel(say(language, 'Phone number', 'رقم الهاتف'), { exact: true }))
      .toHaveAccessibleDescription(new RegExp(say(language, 'Digits, spaces, \\+, - and brackets only', 'أرقام ومسافات')));
    await fill(1, ['Street 1', '066 225 0101', 'one@example.org']);
    await page.getByRole('button', { name: say(language, 'Add branch', 'إضافة فرع') }).click();
    await fill(2, ['Street 2', '0770 123 4567 ext 3', 'two@example.org']);
    await page.getByRole('button', { name: say(language, 'Save', 'حفظ') }).click();

    await expectSummary(page, page, language);
    const message = say(language, 'Branch 2: Phone number may only contain digits, spaces, +, - and brackets, like +964 770 123 4567',
      'الفرع 2: يجب أن يحتوي رقم الهاتف على أرقام ومسافات و + و - وأقواس فقط، مثل \u2066+964 770 123 4567\u2069');
    await expectFieldError(branch(2), say(language, 'Phone number', 'رقم الهاتف'), message, page);
    // Only the wrong field is marked; nothing typed was lost.
    await expect(branch(1).getByLabel(say(language, 'Phone number', 'رقم الهاتف'), { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(say(language, 'City name', 'اسم المدينة'))).toHaveValue(name);
    await expect(branch(2).getByLabel(say(language, 'Phone number', 'رقم الهاتف'), { exact: true })).toHaveValue('0770 123 4567 ext 3');
    // No error toast: the problem is where it is.
    await expect(page.locator('.dash-toast-error')).toHaveCount(0);
    await expectAxeClean(page, `city form errors (${language})`);

    // The summary's link takes the keyboard to the field.
    await errorSummary(page).getByRole('link', { name: message }).click();
    await expect(branch(2).getByLabel(say(language, 'Phone number', 'رقم الهاتف'), { exact: true })).toBeFocused();

    // Fixed, it saves and the summary goes.
    await branch(2).getByLabel(say(language, 'Phone number', 'رقم الهاتف'), { exact: true }).fill('0770 123 4567');
    await page.getByRole('button', { name: say(language, 'Save', 'حفظ') }).click();
    await expect(errorSummary(page)).toHaveCount(0);
    const created = await (await request.get(`/api/maps/m/${encodeURIComponent(name)}`)).json();
    expect(created.branch.map((entry: { phone: string }) => entry.phone)).toEqual(['066 225 0101', '0770 123 4567']);
    await request.delete(`/api/maps/${created._id}`, { headers: auth(author) });
  }
});

test('the post form shows a missing title beside the title, and file fields show their file with Replace and Remove', async ({ page, request }) => {
  const author = await createAuthor(request, await apiLogin(request));
  for (const language of LANGUAGES) {
    await openAs(page, author, '/dashboard/posts/addpost', language);
    await page.getByLabel(say(language, 'Description', 'الوصف'), { exact: true }).fill('Kept text');
    const image = say(language, 'Main image', 'الصورة الرئيسية');
    await page.getByLabel(image, { exact: true }).setInputFiles(png('cover.png'));
    await page.getByLabel(say(language, 'PDF document', 'مستند PDF'), { exact: true }).setInputFiles(pdf('guide.pdf'));
    // The file fields show what they hold, never "No file chosen", and the text alternative sits under the image at full width.
    const imageField = page.locator('.dash-upload').filter({ hasText: image }).first();
    await expect(imageField.locator('img')).toHaveCount(1);
    await expect(imageField.getByText(say(language, 'Replace', 'استبدال'))).toBeVisible();
    await expect(imageField.getByRole('button', { name: say(language, `Remove ${image}`, `إزالة ${image}`) })).toBeVisible();
    await expect(page.getByRole('link', { name: /guide\.pdf/ })).toBeVisible();
    await expect(page.getByText(/No file chosen|لم يتم اختيار/)).toHaveCount(0);
    const alt = page.getByRole('group', { name: say(language, `Text alternative for ${image}`, `النص البديل لـ ${image}`) });
    const [altBox, formBox] = [await alt.boundingBox(), await page.locator('form.dash-form').boundingBox()];
    expect(altBox!.width).toBeGreaterThan(formBox!.width * 0.9);

    await page.getByRole('button', { name: say(language, 'Save', 'حفظ') }).click();
    await expectSummary(page, page, language);
    await expectFieldError(page, say(language, 'Title', 'العنوان'), say(language, 'Title is required', 'العنوان مطلوب'));
    await expect(page.getByLabel(say(language, 'Description', 'الوصف'), { exact: true })).toHaveValue('Kept text');
    await expectAxeClean(page, `post form errors (${language})`);
    // Remove empties the field.
    await imageField.getByRole('button', { name: say(language, `Remove ${image}`, `إزالة ${image}`) }).click();
    await expect(imageField.locator('img')).toHaveCount(0);
    await expect(imageField.getByText(say(language, 'Choose an image', 'اختر صورة'))).toBeVisible();
  }
});

test('the content, emergency, contact and settings forms show the server\'s refusal beside the field', async ({ page, request }) => {
  // Four forms, two languages, eight axe scans: more than one ordinary test's share of a busy machine.
  test.slow();
  const admin = await apiLogin(request);
  for (const language of LANGUAGES) {
    await openAs(page, admin, '/dashboard/content', language);
    const english = say(language, 'English text', 'النص الإنجليزي');
    await page.getByLabel(english).fill('x'.repeat(100_001));
    await page.getByRole('button', { name: say(language, 'Save', 'حفظ') }).click();
    await expectSummary(page, page, language);
    await expectFieldError(page, english, say(language, 'English text must be at most 100000 characters', 'يجب ألا يزيد النص الإنجليزي عن 100000 حرفاً'));
    await expectAxeClean(page, `content errors (${language})`);

    await openAs(page, admin, '/dashboard/emergency', language);
    const number = say(language, 'Number', 'الرقم');
    await expect(page.getByLabel(number, { exact: true })).toHaveAccessibleDescription(new RegExp(say(language, 'Digits, spaces, \\+ and - only', 'أرقام ومسافات')));
    await page.getByLabel(number, { exact: true }).fill('533 ext 2');
    await page.getByLabel(say(language, 'English name', 'الاسم بالإنجليزية'), { exact: true }).fill('Kept name');
    await page.getByLabel(say(language, 'Arabic name', 'الاسم بالعربية'), { exact: true }).fill('اسم');
    await page.getByRole('button', { name: say(language, 'Add', 'إضافة'), exact: true }).click();
    await expectSummary(page, page, language);
    await expectFieldError(page, number, say(language, 'The number may only contain digits, spaces, + and -', 'يجب أن يحتوي الرقم على أرقام ومسافات و + و - فقط'));
    await expect(page.getByLabel(say(language, 'English name', 'الاسم بالإنجليزية'), { exact: true })).toHaveValue('Kept name');
    await expectAxeClean(page, `emergency errors (${language})`);

    await openAs(page, admin, '/dashboard/contact', language);
    await page.getByLabel(say(language, 'Type', 'النوع')).selectOption('email');
    await page.getByLabel(say(language, 'Value', 'القيمة')).fill('not-an-email');
    await page.getByRole('button', { name: say(language, 'Add', 'إضافة'), exact: true }).click();
    await expectSummary(page, page, language);
    await expectFieldError(page, say(language, 'Value', 'القيمة'), say(language, 'Please enter a valid email', 'يرجى إدخال بريد إلكتروني صحيح'));
    await expectAxeClean(page, `contact errors (${language})`);

    await openAs(page, admin, '/dashboard/settings', language);
    const address = say(language, 'Quick exit address', 'عنوان الخروج السريع');
    await expect(page.getByLabel(address)).toHaveValue(/^https?:/);
    await page.getByLabel(address).fill('javascript:alert(1)');
    await page.getByRole('button', { name: say(language, 'Save', 'حفظ') }).click();
    await expectSummary(page, page, language);
    await expectFieldError(page, address, say(language, 'The quick exit address must be a full web address starting with http:// or https://',
      'يجب أن يكون عنوان الخروج السريع عنوان ويب كاملاً يبدأ بـ http:// أو https://'));
    await expectAxeClean(page, `settings errors (${language})`);
  }
});

test('the account, password, bundle settings and visits forms place their errors too', async ({ page, request }) => {
  const admin = await apiLogin(request);
  for (const language of LANGUAGES) {
    await openAs(page, admin, '/dashboard/users', language);
    await page.getByRole('button', { name: say(language, 'Add user', 'إضافة مستخدم') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(say(language, 'Name', 'الاسم'), { exact: true }).fill('Someone');
    await dialog.getByLabel(say(language, 'Email', 'البريد الإلكتروني'), { exact: true }).fill('admin@example.org');
    await dialog.getByLabel(say(language, 'Password', 'كلمة المرور'), { exact: true }).fill('password-123');
    await dialog.getByLabel(say(language, 'Confirm password', 'تأكيد كلمة المرور'), { exact: true }).fill('password-123');
    await dialog.getByRole('button', { name: say(language, 'Create user', 'إنشاء المستخدم') }).click();
    await expectSummary(page, dialog, language);
    await expectFieldError(dialog, say(language, 'Email', 'البريد الإلكتروني'), say(language, 'A user with this email already exists', 'يوجد مستخدم بهذا البريد الإلكتروني مسبقاً'));
    await expectAxeClean(page, `add user errors (${language})`);
    await page.keyboard.press('Escape');

    await openAs(page, admin, '/dashboard/password', language);
    await page.getByRole('button', { name: say(language, 'Change password', 'تغيير كلمة المرور') }).click();
    await expectSummary(page, page, language);
    // Three password fields: each message names its own.
    await expectFieldError(page, say(language, 'Current password', 'كلمة المرور الحالية'), say(language, 'Current password is required', 'يرجى إدخال كلمة المرور الحالية'));
    await expectFieldError(page, say(language, 'Confirm new password', 'تأكيد كلمة المرور الجديدة'), say(language, 'Confirm new password is required', 'يرجى إدخال تأكيد كلمة المرور الجديدة'));

    await openAs(page, admin, '/dashboard/content-bundles', language);
    const keys = say(language, "Headquarters' trusted public keys (one per line)", 'المفاتيح العامة الموثوقة للمقر الرئيسي (مفتاح في كل سطر)');
    const before = await page.getByLabel(keys).inputValue();
    await page.getByLabel(keys).fill(`${before}\ned25519:not-a-key`.trim());
    await page.getByRole('button', { name: say(language, 'Save', 'حفظ'), exact: true }).click();
    await expectSummary(page, page, language);
    const position = before.split(/\s+/).filter(Boolean).length + 1;
    await expectFieldError(page, keys, say(language, `Trusted key ${position}: Each trusted key is one line starting with ed25519:, as headquarters gives it`,
      `المفتاح الموثوق ${position}: كل مفتاح موثوق هو سطر واحد يبدأ بـ ed25519: كما يقدمه المقر الرئيسي`));
    await expectAxeClean(page, `bundle settings errors (${language})`);

    await openAs(page, admin, '/dashboard/visits', language);
    await page.getByLabel(say(language, 'From', 'من'), { exact: true }).fill('2026-02-10');
    await page.getByLabel(say(language, 'To', 'إلى'), { exact: true }).fill('2026-02-01');
    await page.getByRole('button', { name: say(language, 'Show', 'عرض') }).click();
    await expectSummary(page, page, language);
    await expectFieldError(page, say(language, 'From', 'من'), say(language, 'The start date must not be after the end date', 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية'));
  }
});
