// The audit log for people: every entry names its item (a deleted item too), says whether it is
// still there, names the person, and can be narrowed to one person, one kind of item and a period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';
import type { AuditEntry, AuditFacets, AuditPage } from './schema';

let ctx: StaffTestContext;
const audit = async (query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: bearer(ctx.adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json() as AuditPage;
};
const entryFor = async (entity: string, entityId: string, action: AuditEntry['action']) =>
  (await audit(`?entity=${entity}`)).entries.find((entry) => entry.entityId === entityId && entry.action === action)!;
const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = ctx.authorToken) => {
  const response = await ctx.app.inject({ method, url, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};

beforeAll(async () => {
  ctx = await createStaffTestApp('audited-author@example.org');
});
afterAll(async () => ctx.cleanup());

describe('the audit log for people', () => {
  it('names a post by its title, and still names it once the post is deleted', async () => {
    const post = await send('POST', '/api/posts', { title: 'Referral guide', describtion: 'Text', language: 'en', type: 'Guide' });
    await send('PUT', `/api/posts/${post._id}`, { title: 'Referral guide (2025)', describtion: 'Text', language: 'en', type: 'Guide' });
    const edited = await entryFor('post', post._id, 'update');
    expect(edited).toMatchObject({ entityName: 'Referral guide (2025)', exists: true, userEmail: 'audited-author@example.org', userName: 'audited-author',
      changes: { title: { from: 'Referral guide', to: 'Referral guide (2025)' } } });
    await send('DELETE', `/api/posts/${post._id}`);
    expect(await entryFor('post', post._id, 'delete')).toMatchObject({ entityName: 'Referral guide (2025)', exists: false });
    // The older entries of the deleted post say so too.
    expect(await entryFor('post', post._id, 'update')).toMatchObject({ entityName: 'Referral guide (2025)', exists: false });
  });

  it('names an emergency number in both languages, and a city by the name it took', async () => {
    const item = await send('POST', '/api/emergency', { type: 'Emergency', value: '533', nameEN: 'Hotline', nameAR: 'الخط الساخن' });
    expect(await entryFor('emergency', item._id, 'create')).toMatchObject({ entityName: 'Hotline', entityNameAr: 'الخط الساخن', exists: true });
    const city = await send('POST', '/api/maps', { name: 'Erbil', branch: [] });
    await send('POST', `/api/maps/${city._id}`, { name: 'Erbil centre', branch: [{ address: 'Street 1', phone: '066 225 0101', email: 'a@example.org' }] });
    const entry = await entryFor('city', city._id, 'update');
    expect(entry.entityName).toBe('Erbil centre');
    expect(Object.keys(entry.changes).sort()).toEqual(['branch', 'name']);
  });

  it('names the other post a translation link changed by its title, and still names it once that post is deleted', async () => {
    const arabic = await send('POST', '/api/posts', { title: 'دليل الإحالة', describtion: 'نص', language: 'ar', type: 'Guide' });
    const english = await send('POST', '/api/posts', { title: 'Referral handbook', describtion: 'Text', language: 'en', type: 'Guide', translationOf: arabic._id });
    expect(await entryFor('post', arabic._id, 'update')).toMatchObject({ entityName: 'دليل الإحالة', changes: { translationOf: { from: null, to: english._id } } });
    await send('DELETE', `/api/posts/${arabic._id}`);
    // The link's entry holds no title in its changes: the name stored with it is what still names the post.
    const link = (await audit('?entity=post')).entries.find((entry) => entry.entityId === arabic._id && 'translationOf' in entry.changes && entry.action === 'update');
    expect(link).toMatchObject({ entityName: 'دليل الإحالة', exists: false });
  });

  it('names rows written before names were stored from their changes, else by the item as it is today', async () => {
    const post = await send('POST', '/api/posts', { title: 'Old row post', describtion: 'Text', language: 'ar', type: 'Form' });
    const insert = ctx.app.sqlite.prepare(`INSERT INTO audit_log (at, user_id, user_email, action, entity, entity_id, changes) VALUES (?, NULL, 'system', ?, ?, ?, ?)`);
    insert.run('2024-01-01T10:00:00.000Z', 'update', 'post', post._id, JSON.stringify({ state: { from: 'draft', to: 'published' } }));
    insert.run('2024-01-01T11:00:00.000Z', 'delete', 'post', 'gone-post', JSON.stringify({ title: { from: 'A removed post' } }));
    insert.run('2024-01-01T12:00:00.000Z', 'delete', 'city', 'gone-city', JSON.stringify({}));
    const { entries } = await audit('?from=2024-01-01&to=2024-01-01');
    expect(entries.map((entry) => [entry.entityId, entry.entityName, entry.exists])).toEqual([
      ['gone-city', null, false], ['gone-post', 'A removed post', false], [post._id, 'Old row post', true],
    ]);
  });

  it('filters by person (an account, or a change made at the machine), by kind of item and by days', async () => {
    const mine = await audit(`?person=${ctx.authorId}`);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.entries.every((entry) => entry.userId === ctx.authorId)).toBe(true);
    const system = await audit('?person=system');
    expect(system.entries.map((entry) => entry.userEmail)).toEqual(['system', 'system', 'system']);
    const cities = await audit('?entity=city');
    expect(cities.entries.length).toBeGreaterThan(0);
    expect(new Set(cities.entries.map((entry) => entry.entity))).toEqual(new Set(['city']));
    const today = new Date().toISOString().slice(0, 10);
    const todays = await audit(`?from=${today}&to=${today}`);
    expect(todays.entries.every((entry) => entry.at.startsWith(today))).toBe(true);
    expect((await audit('?from=2024-01-02&to=2024-01-31')).total).toBe(0);
    expect((await audit(`?person=${ctx.authorId}&entity=user`)).total).toBe(0);
  });

  it('refuses a reversed period and a date that is not a day with a bilingual 400', async () => {
    for (const [query, field] of [['?from=2024-02-01&to=2024-01-01', 'from'], ['?from=yesterday', 'from'], ['?to=2024-13-40', 'to']]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: bearer(ctx.adminToken) });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).field).toBe(field);
    }
  });

  it('lists the people who changed something, with their names today, and the kinds of item', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit/facets', headers: bearer(ctx.adminToken) });
    const facets = response.json() as AuditFacets;
    expect(facets.people).toContainEqual({ person: ctx.authorId, userId: ctx.authorId, email: 'audited-author@example.org', name: 'audited-author' });
    expect(facets.people).toContainEqual({ person: 'system', userId: null, email: 'system', name: null });
    expect(facets.entities).toEqual(expect.arrayContaining(['city', 'emergency', 'post', 'user']));
  });

  it('is for administrators only: an author gets 403, an anonymous caller 401', async () => {
    for (const url of ['/api/audit', '/api/audit/facets']) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(ctx.authorToken) })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
