// The visits and ratings charts read without help: labelled axes (days, values), a legend whose
// colours are exactly the bars', colours with 3:1 contrast against the chart in the light and the
// dark theme, the table of every figure beside the chart, and pages named by their titles in the
// reader's language.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, auth, openAs } from './dashboard-helpers';

async function expectAxeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Each series' colour as its bars and its legend swatch are painted, and its contrast with the
 * chart's background (WCAG's ratio of relative luminances).
 */
async function seriesColours(figure: Locator): Promise<Array<{ bar: string; swatch: string; contrast: number }>> {
  return figure.evaluate((element) => {
    const luminance = (colour: string) => {
      const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const background = getComputedStyle(element).backgroundColor;
    return [1, 2].map((series) => {
      const bar = getComputedStyle(element.querySelector(`svg.dash-chart rect.dash-series-${series}`)!).fill;
      const swatch = getComputedStyle(element.querySelector(`.dash-legend rect.dash-series-${series}`)!).fill;
      const [light, dark] = [luminance(bar), luminance(background)].sort((a, b) => b - a);
      return { bar, swatch, contrast: (light + 0.05) / (dark + 0.05) };
    });
  });
}

async function expectReadableColours(figure: Locator) {
  const [first, second] = await seriesColours(figure);
  for (const series of [first, second]) {
    expect(series.swatch).toBe(series.bar);
    expect(series.contrast).toBeGreaterThanOrEqual(3);
  }
  expect(first.bar).not.toBe(second.bar);
}

const dayLabel = (day: string, language: 'en' | 'ar') =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-IQ-u-nu-latn' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

test.use({ viewport: { width: 1366, height: 768 } });

test('the visits chart has labelled axes, a legend that matches its bars in both themes, the day table beside it, and pages named by title', async ({ page, request }) => {
  for (let i = 0; i < 3; i++) await request.post('/api/events', { data: { name: 'pageview', path: '/about' } });
  await request.post('/api/events', { data: { name: 'contact_click', path: '/contact' } });
  const admin = await apiLogin(request);
  const today = new Date().toISOString().slice(0, 10);
  const words = {
    en: { title: 'Page views and Contact Us clicks per day', day: 'Day', value: 'Number per day', views: 'Page views', clicks: 'Contact Us clicks', table: 'Daily numbers', about: 'About us' },
    ar: { title: 'مشاهدات الصفحات ونقرات تواصل معنا في اليوم', day: 'اليوم', value: 'العدد في اليوم', views: 'مشاهدات الصفحات', clicks: 'نقرات تواصل معنا', table: 'الأرقام اليومية', about: 'من نحن' },
  };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const language of ['en', 'ar'] as const) {
      const say = words[language];
      const pageViewsToday = async () => (await (await request.get('/api/events/summary?days=30', { headers: auth(admin) })).json()).daily.at(-1).pageview as number;
      // Other tests count page views meanwhile: the screen shows the count as of its own load.
      const viewsBefore = await pageViewsToday();
      await openAs(page, admin, '/dashboard/visits', language);
      const figure = page.locator('figure').filter({ hasText: say.title });
      const chart = figure.getByRole('img', { name: say.title });
      await expect(chart).toBeVisible();
      // Both axes are titled, the days are named in the reader's language, the values have ticks.
      await expect(chart.locator('text')).toContainText([say.day, say.value]);
      await expect(chart.locator('text').filter({ hasText: dayLabel(today, language) })).toHaveCount(1);
      await expect(chart.locator('text', { hasText: /^0$/ })).toHaveCount(1);
      await expect(figure.locator('.dash-legend li')).toHaveText([say.views, say.clicks]);
      await expectReadableColours(figure);
      // The table beside the chart holds today's figures, as the API counts them.
      const table = page.getByRole('region', { name: say.table });
      const box = [await chart.boundingBox(), await table.boundingBox()];
      expect(Math.abs(box[0]!.y - box[1]!.y)).toBeLessThan(120);
      const todayRow = table.getByRole('row', { name: new RegExp(today) });
      await expect(todayRow.getByRole('cell').first()).toHaveText(/^\d[\d,]*$/);
      const shown = Number((await todayRow.getByRole('cell').first().textContent())!.replaceAll(',', ''));
      expect(shown).toBeGreaterThanOrEqual(viewsBefore);
      expect(shown).toBeLessThanOrEqual(await pageViewsToday());
      // A fixed page is named by its title, the path shown once beside it.
      const aboutRow = page.getByRole('row').filter({ hasText: '/about' });
      await expect(aboutRow.getByRole('cell').first()).toHaveText(say.about);
      await expect(aboutRow.getByText('/about')).toHaveCount(1);
      await expectAxeClean(page, `visits (${language}, ${scheme})`);
    }
  }
});

test('the ratings chart counts each star value for the website and the service, with the two tables beside it', async ({ page, request }) => {
  await request.post('/api/rating/website', { data: { rate: 5 } });
  await request.post('/api/rating/service', { data: { rate: 3 } });
  const admin = await apiLogin(request);
  const counts: Array<{ scope: string; rate: number; count: number }> = await (await request.get('/api/rating/all/all')).json();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const language of ['en', 'ar'] as const) {
      await openAs(page, admin, '/dashboard/rating', language);
      const title = language === 'en' ? 'Votes for each number of stars' : 'الأصوات لكل عدد من النجوم';
      const figure = page.locator('figure').filter({ hasText: title });
      const chart = figure.getByRole('img', { name: title });
      await expect(chart.locator('text')).toContainText(language === 'en' ? ['5 stars', '1 star', 'Stars', 'Votes'] : ['5 نجوم', 'نجمة واحدة', 'النجوم', 'الأصوات']);
      await expect(figure.locator('.dash-legend li')).toHaveText(language === 'en' ? ['Website', 'Service'] : ['الموقع', 'الخدمة']);
      await expectReadableColours(figure);
      const fives = counts.find((row) => row.scope === 'website' && row.rate === 5)?.count ?? 0;
      await expect(page.locator('table[data-scope="website"]').getByRole('row').nth(1).getByRole('cell')).toHaveText(String(fives));
      // The bar of 5 website stars is drawn, and named for pointer users.
      await expect(chart.locator('rect.dash-series-1 title').first()).toContainText(String(fives));
      await expectAxeClean(page, `ratings (${language}, ${scheme})`);
    }
  }
});
