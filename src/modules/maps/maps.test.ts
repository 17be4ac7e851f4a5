import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, login, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;

beforeAll(async () => {
  ctx = await createStaffTestApp('maps-author@example.org');
});
afterAll(async () => ctx.cleanup());

const branch = (n: number) => ({ address: `Street ${n}`, phone: `+964 770 000 010${n}`, email: `branch${n}@example.org`, lat: 33 + n / 10, lang: 44 + n / 10 });
const city = (name: string, extra: Record<string, unknown> = {}) => ({ name, branch: [branch(1)], ...extra });
const create = (payload: unknown, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/maps', payload: payload as object, headers: token ? bearer(token) : {} });
const update = (id: string, payload: unknown, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method: 'POST', url: `/api/maps/${id}`, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('maps: create and read', () => {
  let baghdadId: string;

  it('creates a city with 201 and answers its full shape', async () => {
    const response = await create({
      name: '  Baghdad  ',
      thumbnail: '/uploads/thumb1.webp',
      countryMap: '/uploads/country1.webp',
      cityMap: '/uploads/city1.webp',
      cityMapAdd: '/uploads/cityadd1.webp',
      branch: [branch(1), { ...branch(2), lat: null, lang: undefined }],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    baghdadId = body._id;
    expect(body._id).toMatch(/^[a-f0-9]{24}$/);
    expect(body).toEqual({
      _id: baghdadId,
      name: 'Baghdad',
      // Not written: Arabic pages show the Latin name and addresses.
      nameAr: '',
      thumbnail: '/uploads/thumb1.webp',
      countryMap: '/uploads/country1.webp',
      cityMap: '/uploads/city1.webp',
      cityMapAdd: '/uploads/cityadd1.webp',
      thumbnailAltEn: null, thumbnailAltAr: null, countryMapAltEn: null, countryMapAltAr: null,
      cityMapAltEn: null, cityMapAltAr: null, cityMapAddAltEn: null, cityMapAddAltAr: null,
      branch: [{ ...branch(1), addressAr: '' }, { ...branch(2), addressAr: '', lat: null, lang: null }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('reads the city by id and by name in any case', async () => {
    const byId = await get(`/api/maps/${baghdadId}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().branch).toHaveLength(2);
    for (const name of ['Baghdad', 'baghdad', 'BAGHDAD']) {
      const byName = await get(`/api/maps/m/${name}`);
      expect(byName.statusCode).toBe(200);
      expect(byName.json()).toEqual(byId.json());
    }
  });

  it('creates a city without images and without branches', async () => {
    const response = await create({ name: 'Al Anbar', branch: [] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Al Anbar', thumbnail: '', countryMap: '', cityMap: '', cityMapAdd: '', branch: [] });
    expect((await get('/api/maps/m/Al%20Anbar')).statusCode).toBe(200);
  });

  it('lists cities by name, each with its branches in order', async () => {
    expect((await create(city('Erbil', { branch: [branch(3), branch(1), branch(2)] }))).statusCode).toBe(201);
    expect((await create(city('basra'), ctx.adminToken)).statusCode).toBe(201);
    const response = await get('/api/maps');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<{ name: string; branch: Array<{ address: string }> }>;
    expect(list.map((c) => c.name)).toEqual(['Al Anbar', 'Baghdad', 'basra', 'Erbil']);
    expect(list[3].branch.map((b) => b.address)).toEqual(['Street 3', 'Street 1', 'Street 2']);
    expect(list[0].branch).toEqual([]);
  });

  it('refuses a duplicate name whatever its case with 409 on name', async () => {
    for (const name of ['Baghdad', 'BAGHDAD', ' baghdad ']) {
      const response = await create(city(name));
      expect(response.statusCode).toBe(409);
      expect(errorOf(response.body)).toMatchObject({ field: 'name', messageEn: 'A city with this name already exists' });
    }
  });

  it('answers 404 for unknown or malformed ids and unknown names', async () => {
    for (const url of ['/api/maps/ffffffffffffffffffffffff', '/api/maps/bad%20id!', "/api/maps/'%20OR%201=1", '/api/maps/m/Atlantis', '/api/maps/m/%20']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.body).messageEn).toBe('City not found');
    }
  });

  it('stores HTML and SQL-like strings verbatim', async () => {
    const name = `<img src=x onerror=alert(1)>'; DROP TABLE cities; --`;
    const address = `"; DELETE FROM branches; -- <b>here</b>`;
    const response = await create({ name, branch: [{ ...branch(1), address }] });
    expect(response.statusCode).toBe(201);
    const read = await get(`/api/maps/${response.json()._id}`);
    expect(read.json()).toMatchObject({ name, branch: [{ address }] });
    expect((await get(`/api/maps/m/${encodeURIComponent(name)}`)).json().name).toBe(name);
  });
});

describe('maps: edit and delete', () => {
  it('replaces the city and its branch list (3 branches -> 2)', async () => {
    const created = (await create(city('Mosul', { branch: [branch(1), branch(2), branch(3)], thumbnail: '/uploads/m1.webp' }))).json();
    const response = await update(created._id, { name: 'Mosul City', branch: [branch(4), { ...branch(5), lat: '', lang: '43.5' }] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ _id: created._id, name: 'Mosul City', thumbnail: '', createdAt: created.createdAt });
    expect(body.branch).toEqual([{ ...branch(4), addressAr: '' }, { ...branch(5), addressAr: '', lat: null, lang: 43.5 }]);
    expect((await get(`/api/maps/${created._id}`)).json()).toEqual(body);
    expect((await get('/api/maps/m/Mosul')).statusCode).toBe(404);
    const branchCount = ctx.app.sqlite.prepare('SELECT count(*) AS n FROM branches WHERE city_id = ?').get(created._id) as { n: number };
    expect(branchCount.n).toBe(2);
  });

  it('keeps its own name in another case, refuses the name of another city', async () => {
    const created = (await create(city('Najaf'))).json();
    expect((await update(created._id, city('NAJAF'))).json().name).toBe('NAJAF');
    const clash = await update(created._id, city('erbil'));
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash.body).field).toBe('name');
  });

  it('answers 404 when editing or deleting an unknown or malformed id', async () => {
    for (const id of ['ffffffffffffffffffffffff', 'bad%20id!']) {
      expect((await update(id, city('Nowhere'))).statusCode).toBe(404);
      const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/maps/${id}`, headers: bearer(ctx.authorToken) });
      expect(removed.statusCode).toBe(404);
      errorOf(removed.body);
    }
  });

  it('deletes a city with its branches and its unreferenced image files', async () => {
    const file = path.join(ctx.config.uploadsDir, 'karbala1.webp');
    writeFileSync(file, 'x');
    const created = (await create(city('Karbala', { thumbnail: '/uploads/karbala1.webp', branch: [branch(1), branch(2)] }))).json();
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/maps/${created._id}`, headers: bearer(ctx.authorToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: created._id });
    expect((await get(`/api/maps/${created._id}`)).statusCode).toBe(404);
    const branchCount = ctx.app.sqlite.prepare('SELECT count(*) AS n FROM branches WHERE city_id = ?').get(created._id) as { n: number };
    expect(branchCount.n).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses anonymous callers and forged tokens with 401 on every change', async () => {
    const [header, payload] = ctx.authorToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const target = (await get('/api/maps')).json()[0]._id;
    for (const token of [null, forged]) {
      const headers = token ? bearer(token) : {};
      const responses = [
        await create(city('Kirkuk'), token),
        await update(target, city('Kirkuk'), token),
        await ctx.app.inject({ method: 'DELETE', url: `/api/maps/${target}`, headers }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(401);
        errorOf(response.body);
      }
    }
    expect((await get('/api/maps/m/Kirkuk')).statusCode).toBe(404);
  });

  it('refuses a logged-in user who is neither author nor admin with 403', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/users', headers: bearer(ctx.adminToken), payload: { name: 'Reader', email: 'reader@example.org', password: 'reader-password-1', isAdmin: false, isAuthor: false } });
    expect(created.statusCode).toBe(201);
    const readerToken = await login(ctx.app, 'reader@example.org', 'reader-password-1');
    const response = await create(city('Kirkuk'), readerToken);
    expect(response.statusCode).toBe(403);
    errorOf(response.body);
  });

  it('records create, update and delete with the changed fields', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.adminToken) });
    const entries = response.json().entries as Array<{ action: string; entity: string; changes: Record<string, { from?: unknown; to?: unknown }> }>;
    const cities = entries.filter((e) => e.entity === 'city');
    expect(cities[0].action).toBe('delete');
    expect(cities[0].changes.name).toEqual({ from: 'Karbala' });
    const rename = cities.find((e) => e.action === 'update' && (e.changes.name as { to?: string })?.to === 'Mosul City');
    expect(rename?.changes).toHaveProperty('branch');
    expect(rename?.changes).toHaveProperty('thumbnail');
    expect(cities.some((e) => e.action === 'create' && (e.changes.name as { to?: string }).to === 'Baghdad')).toBe(true);
  });
});

describe('CitiesRepository', () => {
  it('creates and finds directly (used by the demo seed)', async () => {
    const repository = ctx.app.repositories.cities;
    const created = await repository.create({ name: 'Duhok', thumbnail: '/uploads/d.webp', branch: [{ address: 'A', phone: '1', email: 'a@b.co', lat: 36.8, lang: 42.9 }] });
    expect(await repository.findById(created._id)).toEqual(created);
    expect((await repository.findByName('duhok'))?._id).toBe(created._id);
    expect(await repository.delete(created._id)).toBe(true);
    expect(await repository.delete(created._id)).toBe(false);
  });
});

describe('maps: errors stay bounded', () => {
  it('attack: 50 branches that are all wrong answer at most 10 bilingual errors, under 8 KB', async () => {
    // Each passes the schema and fails the route's own checks three times (phone, latitude, longitude).
    const wrong = Array.from({ length: 50 }, (_, n) => ({ address: `Street ${n}`, phone: 'not a phone', email: `b${n}@example.org`, lat: 95, lang: 200 }));
    const response = await create({ name: 'Many wrong branches', branch: wrong });
    expect(response.statusCode).toBe(400);
    expect(Buffer.byteLength(response.body)).toBeLessThan(8 * 1024);
    const body = response.json() as { errors: Array<{ messageEn: string; messageAr: string; field: string | null }> };
    expect(body.errors.length).toBeGreaterThan(1);
    expect(body.errors.length).toBeLessThanOrEqual(10);
    for (const error of body.errors) expect(error.messageAr.length).toBeGreaterThan(0);
  });
});
