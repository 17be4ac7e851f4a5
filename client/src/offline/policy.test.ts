// The service worker's rules, played as the requests a browser makes: what may be stored, and
// every private thing that never may.
import { describe, expect, it } from 'vitest';
import { handlingOf, isStorable, pageCacheKey, type RequestFacts } from './policy';

const origin = 'https://site.example';
const precached = new Set(['/index.html', '/boot.js', '/assets/index-AbCd1234.js', '/assets/locals/ar/translate.json']);
const get = (path: string, extra: Partial<RequestFacts> = {}): RequestFacts => ({
  url: path.startsWith('http') ? path : `${origin}${path}`, method: 'GET', mode: 'cors', hasAuthorization: false, origin, precached, ...extra,
});
const open = (path: string, extra: Partial<RequestFacts> = {}) => get(path, { mode: 'navigate', ...extra });

describe('never stored', () => {
  it('any request but GET, even to a public address', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) {
      expect(handlingOf(get('/api/posts/abc/view', { method })).kind).toBe('pass');
      expect(handlingOf(get('/api/emergency/Emergency', { method })).kind).toBe('pass');
      expect(handlingOf(open('/', { method })).kind).toBe('pass');
    }
  });

  it('an API read sent with a login token, even of a public route', () => {
    for (const path of ['/api/emergency/Emergency', '/api/contact', '/api/maps', '/api/posts/abc', '/api/settings']) {
      expect(handlingOf(get(path, { hasAuthorization: true })).kind).toBe('pass');
    }
  });

  it('the dashboard and the login page: never saved, offline they say they need a connection', () => {
    for (const path of ['/dashboard', '/dashboard/posts', '/dashboard/posts/edit/abc', '/DASHBOARD', '/login_page_2022', '/login_page_2022/']) {
      expect(handlingOf(open(path))).toEqual({ kind: 'staff-page' });
      expect(handlingOf(get(path)).kind).toBe('pass');
    }
  });

  it('the login, users, uploads and audit API, with or without a token', () => {
    for (const path of ['/api/auth', '/api/auth/refresh', '/api/users', '/api/users/login', '/api/users/me', '/api/upload', '/api/audit', '/api/visits']) {
      expect(handlingOf(get(path)).kind).toBe('pass');
    }
  });

  it("the staff's own post list and the search answers", () => {
    expect(handlingOf(get('/api/posts/author')).kind).toBe('pass');
    expect(handlingOf(get('/api/posts/s?keyword=x')).kind).toBe('pass');
  });

  it('any other site: the YouTube embed, the quick exit, a look-alike origin', () => {
    for (const url of ['https://www.youtube-nocookie.com/embed/abcdef', 'https://www.bbc.com/weather', 'https://site.example.evil.org/', 'http://site.example/']) {
      expect(handlingOf(get(url)).kind).toBe('pass');
      expect(handlingOf(open(url)).kind).toBe('pass');
    }
  });

  it('answers marked private or no-store, and anything but a 200', () => {
    expect(isStorable(200, 'private, no-store')).toBe(false);
    expect(isStorable(200, 'no-store')).toBe(false);
    expect(isStorable(200, 'private')).toBe(false);
    expect(isStorable(200, 'max-age=0,private')).toBe(false);
    expect(isStorable(404, 'public, max-age=10')).toBe(false);
    expect(isStorable(206, null)).toBe(false);
    expect(isStorable(200, 'public, max-age=10, stale-while-revalidate=20')).toBe(true);
    expect(isStorable(200, 'no-cache')).toBe(true);
    expect(isStorable(200, null)).toBe(true);
  });

  it('search result pages and machine files are not saved (they still fall back to the shell)', () => {
    expect(handlingOf(open('/search?keyword=x'))).toMatchObject({ kind: 'page', store: false });
    expect(handlingOf(open('/feed/en.xml'))).toMatchObject({ kind: 'page', store: false });
    expect(handlingOf(open('/ar/search?keyword=x'))).toMatchObject({ kind: 'page', store: false });
    expect(handlingOf(open('/en/search'))).toMatchObject({ kind: 'page', store: false });
  });
});

describe('kept for offline use', () => {
  it('public pages; posts apart, by id', () => {
    expect(handlingOf(open('/'))).toEqual({ kind: 'page', group: 'pages', groupKey: '/', address: '/', store: true });
    expect(handlingOf(open('/e/Emergency'))).toMatchObject({ kind: 'page', group: 'pages', store: true });
    expect(handlingOf(open('/posts/International?p=2'))).toMatchObject({ group: 'pages', groupKey: '/posts/International?p=2' });
    expect(handlingOf(open('/p/AbC_12-3'))).toEqual({ kind: 'page', group: 'posts', groupKey: 'AbC_12-3', address: '/p/AbC_12-3', store: true });
  });

  it('language addresses as their pages: each address saved apart, a post\'s addresses in its one group', () => {
    expect(handlingOf(open('/ar/'))).toEqual({ kind: 'page', group: 'pages', groupKey: '/ar/', address: '/ar/', store: true });
    expect(handlingOf(open('/en/e/VOT'))).toEqual({ kind: 'page', group: 'pages', groupKey: '/en/e/VOT', address: '/en/e/VOT', store: true });
    expect(handlingOf(open('/ar/p/AbC_12-3'))).toEqual({ kind: 'page', group: 'posts', groupKey: 'AbC_12-3', address: '/ar/p/AbC_12-3', store: true });
    expect(handlingOf(get('/uploads/x1-640w.webp', { clientUrl: `${origin}/en/p/abc123`, mode: 'no-cors' }))).toEqual({ kind: 'picture', postId: 'abc123' });
    // Not a language address: an ordinary (unknown) page, no post group.
    expect(handlingOf(open('/AR/p/abc'))).toMatchObject({ group: 'pages' });
  });

  it("the essentials' public reads", () => {
    for (const path of ['/api/emergency/Emergency', '/api/contact', '/api/maps', '/api/maps/m/Erbil', '/api/content/About', '/api/content/Human%20Trafficing', '/api/settings']) {
      expect(handlingOf(get(path)).kind, path).toBe('essential-data');
    }
  });

  it("a post's answer, and the pictures its page asks for", () => {
    expect(handlingOf(get('/api/posts/abc123'))).toEqual({ kind: 'post-data', postId: 'abc123' });
    expect(handlingOf(get('/uploads/x1-640w.webp', { clientUrl: `${origin}/p/abc123`, mode: 'no-cors' }))).toEqual({ kind: 'picture', postId: 'abc123' });
    expect(handlingOf(get('/uploads/x1.webp', { clientUrl: `${origin}/`, mode: 'no-cors' }))).toEqual({ kind: 'picture', postId: null });
  });

  it("this version's shell from the precache", () => {
    expect(handlingOf(get('/assets/index-AbCd1234.js')).kind).toBe('shell');
    expect(handlingOf(get('/assets/locals/ar/translate.json')).kind).toBe('shell');
    // A chunk of another version or of the dashboard is not in the precache: the network.
    expect(handlingOf(get('/assets/DashboardApp-Zz9Yy8Xx.js')).kind).toBe('pass');
  });
});

describe('saved page keys', () => {
  it('keep the English and the Arabic copy of an address apart', () => {
    expect(pageCacheKey(origin, '/e/Emergency', 'ar')).toBe(`${origin}/e/Emergency?offline-language=ar`);
    expect(pageCacheKey(origin, '/posts/International?p=2', 'en')).toBe(`${origin}/posts/International?p=2&offline-language=en`);
    expect(pageCacheKey(origin, '/', 'fr')).toBe(`${origin}/?offline-language=en`);
  });
});
