// The site as an Arabic reader sees it in Chromium: cities and branches named in Arabic (the Latin
// text where none was written), phone numbers that read left to right inside Arabic text, Arabic
// type at least as large as the English, fonts from the site itself only, and axe clean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, createPost, openAs, PHONE, waitForHydration, watchConsole } from './public-helpers';
import { apiLogin, auth } from './dashboard-helpers';

/** Where "+964" and "0301" of the number are drawn, measured on the text itself. */
function numberPartsBoxes(page: Page, number: string) {
  return page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const box = (from: number, length: number) => {
        const range = document.createRange();
        range.setStart(node!, at + from);
        range.setEnd(node!, at + from + length);
        const rect = range.getBoundingClientRect();
        return { left: rect.left, right: rect.right, top: rect.top };
      };
      return { plus: box(0, 4), last: box(wanted.length - 4, 4) };
    }
    return null;
  }, number);
}

test.describe('cities in Arabic', () => {
  test('the Arabic city page names the city and its branches in Arabic, the English one in Latin letters, at the same address', async ({ page }) => {
    const consoleErrors = watchConsole(page);
    await openAs(page, '/maps/Erbil', { language: 'ar' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('أربيل');
    await expect(page).toHaveTitle(/^أربيل \| /);
    const addresses = page.locator('.branch-address');
    await expect(addresses.first()).toHaveText('شارع المئة متر، قرب فاميلي مول');
    await expect(addresses.nth(1)).toHaveText('عنكاوا، الشارع الرئيسي');
    await expect(page.getByText('100m Road')).toHaveCount(0);

    await openAs(page, '/maps/Erbil', { language: 'en' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erbil');
    await expect(page.locator('.branch-address').first()).toHaveText('100m Road, near Family Mall');
    consoleErrors();
  });

  test('the Arabic address of a city page names it in Arabic for a visitor without any cookie', async ({ page }) => {
    await page.goto('/ar/maps/Mosul');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الموصل');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الموصل');
    await expect(page.locator('.branch-address').first()).toHaveText('حي المثنى، شارع الجامعة');
  });

  test('the Arabic service map lists the cities by their Arabic names, each leading to its Latin address', async ({ page }) => {
    await openAs(page, '/servicemap', { language: 'ar' });
    for (const [arabic, latin] of [['بغداد', 'Baghdad'], ['البصرة', 'Basra'], ['أربيل', 'Erbil'], ['الموصل', 'Mosul'], ['الأنبار', 'Anbar']]) {
      await expect(page.getByRole('link', { name: arabic, exact: true })).toHaveAttribute('href', `/maps/${latin}`);
    }
    // Every city has its own picture.
    const thumbnails = await page.locator('.city-card img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc));
    expect(new Set(thumbnails).size).toBe(thumbnails.length);
    // Moving in the browser (not a server render) names the city in Arabic too.
    await page.getByRole('link', { name: 'البصرة', exact: true }).click();
    await expect(page).toHaveURL(/\/maps\/Basra$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('البصرة');
  });

  test('a city without an Arabic name shows its Latin name and address on Arabic pages, left to right and marked as such', async ({ page, request }) => {
    const name = `Zakho${Date.now()}`;
    const response = await request.post('/api/maps', {
      headers: auth(await apiLogin(request)),
      data: { name, branch: [{ address: '100m Road, Zakho', phone: '+964 750 000 0999', email: 'zakho@example.org' }] },
    });
    expect(response.status(), await response.text()).toBe(201);
    await openAs(page, `/maps/${name}`, { language: 'ar' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(name);
    await expect(heading.locator('bdi')).toHaveAttribute('lang', 'en');
    const address = page.locator('.branch-address bdi[dir="ltr"][lang="en"]');
    await expect(address).toHaveText('100m Road, Zakho');
    // Left to right: the number comes first, on the left.
    const [number, road] = await Promise.all([page.getByText('100m Road, Zakho').evaluate((element) => {
      const range = document.createRange();
      const text = element.firstChild!;
      range.setStart(text, 0);
      range.setEnd(text, 4);
      return range.getBoundingClientRect().left;
    }), page.getByText('100m Road, Zakho').evaluate((element) => {
      const range = document.createRange();
      const text = element.firstChild!;
      range.setStart(text, 5);
      range.setEnd(text, 9);
      return range.getBoundingClientRect().left;
    })]);
    expect(number).toBeLessThan(road);
  });
});

test.describe('numbers in Arabic text', () => {
  test('a phone number in an Arabic post reads left to right ("+964" left of "0301") and is tap-to-call, on the server\'s page and after hydration', async ({ page, request }) => {
    const consoleErrors = watchConsole(page);
    const post = await createPost(request, { language: 'ar', type: 'Guide', title: 'اتصل بمكتب أربيل', describtion: 'يجيب مكتب أربيل على الرقم +964 750 000 0301 في أي وقت.' });
    // The server's page, before any script runs.
    await page.context().addCookies([{ name: 'i18next', value: 'ar', url: BASE_URL }]);
    await page.route(/\/boot\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    await page.goto(`/p/${post._id}`);
    let boxes = await numberPartsBoxes(page, '+964 750 000 0301');
    expect(boxes).not.toBeNull();
    expect(boxes!.plus.top).toBe(boxes!.last.top);
    expect(boxes!.plus.left).toBeLessThan(boxes!.last.left);
    await page.unroute(/\/boot\.js$/);

    // Hydrated: the same order, no hydration mismatch, and the number dials.
    await openAs(page, `/p/${post._id}`, { language: 'ar' });
    boxes = await numberPartsBoxes(page, '+964 750 000 0301');
    expect(boxes!.plus.left).toBeLessThan(boxes!.last.left);
    await expect(page.getByRole('link', { name: '+964 750 000 0301' })).toHaveAttribute('href', 'tel:+9647500000301');
    consoleErrors();
  });

  test('a phone number in the Arabic About text reads left to right and is tap-to-call', async ({ page, request }) => {
    const headers = auth(await apiLogin(request));
    const before = await (await request.get('/api/content/About')).json();
    const saved = await request.post('/api/content/About', { headers, data: { ...pick(before), contentAr: `${before.contentAr}\nللتواصل: +964 770 000 0100` } });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
    try {
      await openAs(page, '/about', { language: 'ar' });
      const boxes = await numberPartsBoxes(page, '+964 770 000 0100');
      expect(boxes!.plus.left).toBeLessThan(boxes!.last.left);
      await expect(page.getByRole('link', { name: '+964 770 000 0100' })).toHaveAttribute('href', 'tel:+9647700000100');
    } finally {
      await request.post('/api/content/About', { headers, data: pick(before) });
    }
  });
});

/** The fields POST /api/content/About takes, from its answer. */
function pick(content: Record<string, unknown>) {
  const { contentEn, contentAr, image, imageAltEn, imageAltAr } = content;
  return { contentEn, contentAr, image, imageAltEn, imageAltAr };
}

test.describe('Arabic type', () => {
  test('Arabic text is at least as large as the English: body text, and the home menu labels at 16 px or more', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const sizes = async (language: 'en' | 'ar') => {
      await openAs(page, '/', { language });
      return page.evaluate(() => ({
        body: parseFloat(getComputedStyle(document.body).fontSize),
        labels: [...document.querySelectorAll('.circle-menu li a')].map((link) => parseFloat(getComputedStyle(link).fontSize)),
        lineHeight: parseFloat(getComputedStyle(document.body).lineHeight) / parseFloat(getComputedStyle(document.body).fontSize),
      }));
    };
    const english = await sizes('en');
    const arabic = await sizes('ar');
    expect(arabic.labels).toHaveLength(8);
    for (const label of arabic.labels) {
      expect(label).toBeGreaterThanOrEqual(16);
      expect(label).toBeGreaterThanOrEqual(Math.max(...english.labels));
    }
    expect(arabic.body).toBeGreaterThanOrEqual(english.body);
    // Room for the marks above and below Arabic letters.
    expect(arabic.lineHeight).toBeGreaterThanOrEqual(1.7);
  });

  test('Arabic pages draw Arabic in the site\'s own Arabic face, preloaded; English pages load no Arabic font; no font comes from elsewhere', async ({ page }) => {
    const fonts: string[] = [];
    page.on('request', (request) => { if (request.resourceType() === 'font') fonts.push(request.url()); });
    await openAs(page, '/', { language: 'en' });
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.some((url) => /arabic/i.test(url))).toBe(false);
    expect(fonts.length).toBeGreaterThan(0);

    fonts.length = 0;
    await openAs(page, '/', { language: 'ar' });
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.some((url) => /noto-sans-arabic-400-/.test(url))).toBe(true);
    // Only the everyday Arabic files: the rest of the script is fetched only for text that needs it.
    expect(fonts.some((url) => /arabic-more/.test(url))).toBe(false);
    for (const url of fonts) expect(new URL(url).origin).toBe(BASE_URL);
    const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloads.some((href) => /noto-sans-arabic-400-/.test(href))).toBe(true);
    // The everyday Arabic faces are in use (the rest of the script stays unloaded: check() would wait for it).
    const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Noto Sans Arabic' && face.status === 'loaded').map((face) => face.weight));
    expect(loaded.sort()).toEqual(['400', '700']);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Noto Sans Arabic"/);
  });
});

test.describe('accessibility in both languages', () => {
  for (const language of ['en', 'ar'] as const) {
    test(`a city page, the service map and a post with a phone number are axe clean in ${language === 'ar' ? 'Arabic' : 'English'}`, async ({ page, request }) => {
      const posts = await (await request.get('/api/posts/Guide/ar')).json() as { posts: Array<{ _id: string; describtion: string }> };
      const withNumber = posts.posts.find((post) => post.describtion.includes('+964'))!;
      for (const path of ['/maps/Erbil', '/servicemap', `/p/${withNumber._id}`]) {
        await openAs(page, path, { language });
        await waitForHydration(page);
        const result = await new AxeBuilder({ page }).analyze();
        // As public-a11y.spec.ts: the serious and critical findings (the fixed safety band sits outside the landmarks on purpose).
        expect(result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id), path).toEqual([]);
      }
    });
  }
});
