// Images everyone can read: the staff's alt texts reach the public pages (in the page's language
// for bilingual ones), every image lists its responsive variants and each of them loads, and axe
// finds no image without a text alternative.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, createPost, openAs, uploadImage } from './public-helpers';

let postId = '';
let city = '';

test.beforeAll(async ({ request }) => {
  const [image, picture] = [await uploadImage(request), await uploadImage(request)];
  postId = (await createPost(request, {
    title: 'Flyer with alt texts', image, imageAlt: 'Flyer: call 533 for free help',
    pictures: [picture, image], picturesAlt: ['Hotline poster on a wall', ''],
  }))._id;
  city = `Altcity${Date.now()}`;
  const response = await request.post('/api/maps', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      name: city, thumbnail: image, countryMap: image, cityMap: picture, cityMapAdd: picture,
      thumbnailAltEn: '', thumbnailAltAr: '',
      countryMapAltEn: `Iraq, with ${city} marked`, countryMapAltAr: `العراق، وعليها ${city}`,
      cityMapAltEn: `Streets of ${city}`, cityMapAltAr: `شوارع ${city}`,
      branch: [{ address: 'Main street 1', phone: '+964 770 123 4567', email: 'branch@example.org' }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
});

/**
 * Every srcset candidate of every uploaded image on the page answers 200 with an image exactly as
 * wide as its descriptor says (a picture lists only its narrower variants and itself).
 */
async function expectVariantsLoad(page: Page): Promise<number> {
  const sets = await page.locator('img[src^="/uploads/"]').evaluateAll((images) => images.map((img) => img.getAttribute('srcset') ?? ''));
  expect(sets.length).toBeGreaterThan(0);
  let checked = 0;
  for (const set of sets.filter((candidates) => candidates !== '')) {
    for (const [url, descriptor] of set.split(',').map((entry) => entry.trim().split(/\s+/))) {
      const answer = await page.request.get(url);
      expect(answer.status(), url).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^image\//);
      const width = await page.evaluate(async (address) => {
        const image = new Image();
        image.src = address;
        await image.decode();
        return image.naturalWidth;
      }, url);
      expect(`${width}w`, url).toBe(descriptor);
      checked += 1;
    }
  }
  return checked;
}

async function expectNoImageWithoutText(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['image-alt', 'role-img-alt', 'svg-img-alt', 'input-image-alt', 'object-alt', 'link-name']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Every img states its alternative, even when it is decorative (alt="").
  expect(await page.locator('img:not([alt])').count()).toBe(0);
}

test('a post shows its image and album with the staff\'s alt texts, and every variant loads', async ({ page }) => {
  await openAs(page, `/p/${postId}`);
  await expect(page.getByRole('img', { name: 'Flyer: call 533 for free help' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hotline poster on a wall' })).toBeVisible();
  // A decorative picture's link is still named (by its number).
  await expect(page.getByRole('link', { name: 'Picture 2' })).toBeVisible();
  // The test pictures are 1 px wide: none has a narrower variant, so each lists only itself, at 1w.
  expect(await expectVariantsLoad(page)).toBe(3);
  await expectNoImageWithoutText(page);
});

for (const language of ['en', 'ar'] as const) {
  test(`city, service map, post list and About pages in ${language}: alt texts in that language, no image without a text alternative`, async ({ page }) => {
    await openAs(page, `/maps/${city}`, { language });
    await expect(page.getByRole('img', { name: language === 'ar' ? `العراق، وعليها ${city}` : `Iraq, with ${city} marked` })).toBeVisible();
    await expect(page.getByRole('img', { name: language === 'ar' ? `شوارع ${city}` : `Streets of ${city}` })).toBeVisible();
    await expectVariantsLoad(page);
    await expectNoImageWithoutText(page);
    for (const path of ['/servicemap', '/posts/International', '/about']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('p.status[role="status"]')).toHaveCount(0);
      await expectVariantsLoad(page);
      await expectNoImageWithoutText(page);
    }
  });
}
