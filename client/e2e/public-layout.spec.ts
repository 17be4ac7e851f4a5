// The quick exit and 533 never lie over the page's text: they have a band of their own above the
// area where the page scrolls. On every public page, at 320, 360, 768 and 1366 px, in English and
// Arabic, scrolled from top to bottom, no text node's boxes meet the two buttons' boxes. And the
// phone menu works without JavaScript: a <details> element that reaches every section.
import { expect, test, type Page } from '@playwright/test';
import { createPost, everyPublicPage, openAs, PHONE } from './public-helpers';

let postId = '';

test.beforeAll(async ({ request }) => {
  // A long post: the page scrolls many screens under the band.
  postId = (await createPost(request, { title: 'Layout check post', describtion: 'A line of text that goes on. '.repeat(400) }))._id;
});

/**
 * At each scroll position from top to bottom: the text whose boxes meet a button's box. The page
 * scrolls inside its own area, which clips it: a line scrolled above that area is not drawn at
 * all, so each box is first cut to the area, as the browser cuts what it paints.
 */
function textUnderTheButtons(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const buttons = ['a.quick-exit', 'a.emergency-button'].map((selector) => document.querySelector(selector)!.getBoundingClientRect());
    const band = document.querySelector('.safety-bar')!;
    const scroller = document.getElementById('page-scroll')!;
    const meets = (a: DOMRect, b: DOMRect) => a.width > 0 && a.height > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const found: string[] = [];
    const step = Math.max(100, Math.floor(scroller.clientHeight * 0.75));
    for (let top = 0; ; top += step) {
      scroller.scrollTop = top;
      await new Promise(requestAnimationFrame);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || band.contains(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const area = scroller.getBoundingClientRect();
        for (const rect of range.getClientRects()) {
          const drawn = DOMRect.fromRect({
            x: Math.max(rect.left, area.left), y: Math.max(rect.top, area.top),
            width: Math.min(rect.right, area.right) - Math.max(rect.left, area.left),
            height: Math.min(rect.bottom, area.bottom) - Math.max(rect.top, area.top),
          });
          if (buttons.some((button) => meets(drawn, button))) found.push(`${scroller.scrollTop}px: ${node.textContent.trim().slice(0, 40)}`);
        }
      }
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
    }
    return found;
  });
}

for (const width of [320, 360, 768, 1366]) {
  for (const language of ['en', 'ar'] as const) {
    test(`at ${width} px in ${language}, no text of any public page lies under the exit or 533, from top to bottom`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
      const findings: string[] = [];
      for (const path of everyPublicPage(postId)) {
        await openAs(page, path, { language });
        for (const finding of await textUnderTheButtons(page)) findings.push(`${path} ${finding}`);
        // Both buttons are in view, side by side, and nothing is wider than the screen.
        const [exit, hotline] = await Promise.all([page.locator('a.quick-exit').boundingBox(), page.locator('a.emergency-button').boundingBox()]);
        expect(exit!.y + exit!.height, path).toBeLessThanOrEqual(page.viewportSize()!.height);
        expect(hotline!.y, path).toBeGreaterThanOrEqual(0);
        expect(await page.evaluate(() => document.getElementById('page-scroll')!.scrollWidth), path).toBeLessThanOrEqual(width);
      }
      expect(findings).toEqual([]);
    });
  }
}

test('the keyboard scrolls the page as soon as it has loaded', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 600 });
  await openAs(page, `/p/${postId}`);
  await page.keyboard.press('PageDown');
  await expect.poll(() => page.evaluate(() => document.getElementById('page-scroll')!.scrollTop)).toBeGreaterThan(0);
});

test.describe('without JavaScript, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  for (const language of ['en', 'ar'] as const) {
    test(`the phone menu opens and reaches every section, in ${language}`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'i18next', value: language, url: baseURL! }]);
      await page.goto('/about');
      const menu = page.getByRole('navigation', { name: language === 'ar' ? 'قائمة الموقع' : 'Site menu' });
      await expect(menu).toBeHidden();
      await page.locator('summary.hamburger').click();
      await expect(menu).toBeVisible();
      const targets = await menu.getByRole('link').evaluateAll((links) => links.map((link) => [link.getAttribute('href'), link.textContent]));
      expect(targets.map(([href]) => href)).toEqual(['/', '/ht', '/servicemap', '/seeking_help', '/about', '/international', '/useful_tools', '/contact', '/search']);
      for (const [href, name] of targets) {
        await page.goto('/about');
        await page.locator('summary.hamburger').click();
        await menu.getByRole('link', { name: name!, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${href === '/' ? '/' : href}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
    });
  }
});
