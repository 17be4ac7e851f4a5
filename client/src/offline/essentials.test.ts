// The essentials' rules, played on real page shapes: which data a saved page carries, which city
// pages and pictures follow from it, when a saved copy is old, and what a page may ask the worker.
import { describe, expect, it } from 'vitest';
import { answersIn, cityPagesIn, ESSENTIAL_PAGES, ESSENTIALS_REFRESH_MS, isRefreshDue, pictureBase, picturesOf } from './essentials';
import { checkedRequest } from './worker/essentials';

const page = (answers: unknown, body = '') =>
  `<!doctype html><html lang="ar"><body><div id="root">${body}</div><script type="application/json" id="page-data">${JSON.stringify({ language: 'ar', answers })}</script></body></html>`;

describe('the essential pages', () => {
  it('are the emergency numbers first, then home, the help pages, contact and the texts', () => {
    expect(ESSENTIAL_PAGES.slice(0, 2)).toEqual(['/e/Emergency', '/e/VOT']);
    expect([...ESSENTIAL_PAGES].sort()).toEqual(['/', '/about', '/contact', '/e/Emergency', '/e/VOT', '/ht', '/seeking_help', '/servicemap']);
  });

  it("every city page follows from the service map's data, its name encoded as the browser sends it", () => {
    const answers = answersIn(page({ '/api/settings': { data: {} }, '/api/maps': { data: [{ name: 'Baghdad' }, { name: 'Dhi Qar' }, { name: 'أربيل' }, { nope: 1 }] } }));
    expect(cityPagesIn(answers)).toEqual(['/maps/Baghdad', '/maps/Dhi%20Qar', `/maps/${encodeURIComponent('أربيل')}`]);
    expect(cityPagesIn({})).toEqual([]);
  });

  it("a page's data: its answers, never its failures; a page without data (or broken data) gives none", () => {
    const answers = answersIn(page({ '/api/emergency/VOT': { data: [{ value: '533' }] }, '/api/maps/m/Nowhere': { error: { status: 404 } } }));
    expect(answers).toEqual({ '/api/emergency/VOT': [{ value: '533' }] });
    expect(answersIn('<html><body>no data</body></html>')).toEqual({});
    expect(answersIn('<script type="application/json" id="page-data">{broken</script>')).toEqual({});
  });
});

describe('pictures kept offline', () => {
  it('each uploaded picture once, in the small width, whatever width or form the page names it in', () => {
    const html = page({ '/api/maps/m/Erbil': { data: { cityMap: '/uploads/abc-def_1.png' } } },
      '<img src="/uploads/b1.webp" srcset="/uploads/b1-480w.webp 480w, /uploads/b1-960w.webp 960w"><a href="/uploads/doc.pdf">pdf</a>');
    expect(picturesOf(html).sort()).toEqual(['/uploads/abc-def_1-480w.webp', '/uploads/b1-480w.webp']);
  });

  it('share one base across their widths', () => {
    expect(pictureBase('/uploads/b1-1600w.webp')).toBe('/uploads/b1');
    expect(pictureBase('/uploads/b1.webp')).toBe('/uploads/b1');
    expect(pictureBase('/uploads/a-b-480w.webp')).toBe('/uploads/a-b');
    expect(pictureBase('/assets/x.js')).toBeNull();
  });
});

describe('a saved copy is fetched again', () => {
  const now = 1_800_000_000_000;
  it('when never saved, or once it is as old as the refresh interval', () => {
    expect(isRefreshDue(null, now)).toBe(true);
    expect(isRefreshDue(now - ESSENTIALS_REFRESH_MS + 1, now)).toBe(false);
    expect(isRefreshDue(now - ESSENTIALS_REFRESH_MS, now)).toBe(true);
  });

  it('when the clock went back past the saving time', () => {
    expect(isRefreshDue(now + 60_000, now)).toBe(true);
  });
});

describe('what a page may ask the worker', () => {
  const place = { origin: 'https://site.example', precached: new Set<string>() };
  it('a landing page of this site that the offline rules keep', () => {
    expect(checkedRequest({ landing: '/p/abc123', pictures: true }, place)).toEqual({ landing: '/p/abc123', pictures: true });
    expect(checkedRequest({ landing: '/about' }, place)).toEqual({ landing: '/about', pictures: true });
    expect(checkedRequest({ landing: '/e/VOT', pictures: false }, place)).toEqual({ landing: '/e/VOT', pictures: false });
  });

  it('never another site, a staff page, the API or an unsaved page: the home page instead', () => {
    for (const landing of ['//evil.example/x', 'https://evil.example/', '/dashboard/posts', '/login_page_2022', '/api/users', '/search?keyword=x', 'about']) {
      expect(checkedRequest({ landing }, place), landing).toEqual({ landing: '/', pictures: true });
    }
  });

  it('nothing at all for a message of another shape', () => {
    for (const raw of [null, undefined, 'save', 42, {}, { landing: 5 }]) expect(checkedRequest(raw, place)).toBeNull();
  });
});
