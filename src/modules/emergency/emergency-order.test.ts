// PUT /api/emergency/order: staff put the emergency numbers in the order visitors see them. A new
// number goes last, so the hotline staff put first stays first; an order that does not name every
// number exactly once (someone added or deleted one meanwhile, or a forged list) changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentChange } from '../../content-changes';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;
type Item = { _id: string; type: string; value: string; nameEN: string; nameAR: string };

const list = async (url = '/api/emergency') => (await ctx.app.inject({ method: 'GET', url })).json() as Item[];
const add = async (type: string, value: string, nameEN: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/emergency', headers: bearer(ctx.authorToken), payload: { type, value, nameEN, nameAR: `${nameEN} ع` } });
  expect(response.statusCode).toBe(201);
  return response.json() as Item;
};
const reorder = (ids: unknown, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method: 'PUT', url: '/api/emergency/order', headers: token ? bearer(token) : {}, payload: { ids } as object });
const ids = (items: Item[]) => items.map((item) => item._id);

beforeAll(async () => {
  ctx = await createStaffTestApp('order-author@example.org');
  await add('Emergency', '533', 'Hotline');
  await add('VOT', '+964 770 000 0901', 'Shelter');
  await add('Emergency', '104', 'Police');
  await add('VOT', '+964 770 000 0902', 'Legal aid');
});
afterAll(async () => ctx.cleanup());

describe('the order of emergency numbers', () => {
  it('puts a new number last, after the hotline', async () => {
    expect((await list()).map((item) => item.value)).toEqual(['533', '+964 770 000 0901', '104', '+964 770 000 0902']);
  });

  it('follows the order staff chose, in the whole list and in each type\'s list', async () => {
    const [hotline, shelter, police, legal] = await list();
    const response = await reorder([police._id, hotline._id, legal._id, shelter._id]);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((item: Item) => item.nameEN)).toEqual(['Police', 'Hotline', 'Legal aid', 'Shelter']);
    expect((await list()).map((item) => item.nameEN)).toEqual(['Police', 'Hotline', 'Legal aid', 'Shelter']);
    expect((await list('/api/emergency/Emergency')).map((item) => item.value)).toEqual(['104', '533']);
    expect((await list('/api/emergency/VOT')).map((item) => item.nameEN)).toEqual(['Legal aid', 'Shelter']);
    // Back to the hotline first; an edit keeps a number's place.
    expect((await reorder([hotline._id, police._id, shelter._id, legal._id])).statusCode).toBe(200);
    const edited = await ctx.app.inject({ method: 'PUT', url: `/api/emergency/${police._id}`, headers: bearer(ctx.adminToken),
      payload: { type: 'Emergency', value: '104', nameEN: 'Police (24h)', nameAR: 'الشرطة' } });
    expect(edited.statusCode).toBe(200);
    expect((await list()).map((item) => item.nameEN)).toEqual(['Hotline', 'Police (24h)', 'Shelter', 'Legal aid']);
  });

  it.each([
    ['leaves a number out', (all: string[]) => all.slice(1)],
    ['names a number twice', (all: string[]) => [...all.slice(0, -1), all[0]]],
    ['names a number that does not exist', (all: string[]) => [...all.slice(0, -1), 'ffffffffffffffffffffffff']],
    ['adds a number to the list', (all: string[]) => [...all, 'ffffffffffffffffffffffff']],
    ['is empty', () => []],
  ])('refuses an order that %s with 409, and changes nothing', async (_, forge) => {
    const before = await list();
    const response = await reorder(forge(ids(before)));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.body)).toMatchObject({ field: 'order', messageEn: expect.stringMatching(/changed meanwhile/) });
    expect(await list()).toEqual(before);
  });

  it('refuses an order sent from a list that changed meanwhile (a number added by someone else), and loses nothing', async () => {
    const seen = await list();
    const added = await add('Emergency', '122', 'Ambulance');
    const response = await reorder([...ids(seen)].reverse());
    expect(response.statusCode).toBe(409);
    expect(ids(await list())).toEqual([...ids(seen), added._id]);
  });

  it.each([
    [{ ids: 'all' }, 'ids'],
    [{ ids: [1, 2] }, 'ids.0'],
    [{ ids: ['x'.repeat(65)] }, 'ids.0'],
    [{ ids: Array(1001).fill('a') }, 'ids'],
    [{ ids: [], extra: true }, 'extra'],
  ])('refuses the malformed body %# with a bilingual 400', async (payload, field) => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/emergency/order', headers: bearer(ctx.authorToken), payload });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('refuses anonymous callers and forged tokens with 401, and changes nothing', async () => {
    const before = await list();
    const [header, payload] = ctx.authorToken.split('.');
    for (const token of [null, `${header}.${payload}.${'A'.repeat(43)}`]) {
      const response = await reorder([...ids(before)].reverse(), token);
      expect(response.statusCode).toBe(401);
      errorOf(response.body);
    }
    expect(await list()).toEqual(before);
  });

  it('two staff moving numbers at once: each answer is a whole order, and the list ends as one of them', async () => {
    const before = ids(await list());
    const first = [...before].reverse();
    const second = [...before.slice(1), before[0]];
    const answers = await Promise.all([reorder(first), reorder(second, ctx.adminToken), reorder(first), reorder(second, ctx.adminToken)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect([first, second]).toContainEqual(ids(answer.json()));
    const after = ids(await list());
    expect([first, second]).toContainEqual(after);
    expect([...after].sort()).toEqual([...before].sort());
  });

  it('tells the public pages\' caches when the order moved, and stays quiet for the same order or a refused one', async () => {
    const heard: ContentChange[] = [];
    const stop = ctx.app.contentChanges.listen((change) => heard.push(change));
    try {
      const before = ids(await list());
      expect((await reorder(before)).statusCode).toBe(200);
      expect((await reorder(before.slice(1))).statusCode).toBe(409);
      expect(heard).toEqual([]);
      const moved = [...before].reverse();
      expect((await reorder(moved)).statusCode).toBe(200);
      expect(heard).toEqual([{ kind: 'emergency', cause: 'write', ids: moved, languages: ['en', 'ar'] }]);
    } finally {
      stop();
    }
  });

  it('records each move in the audit log with the numbers before and after, and nothing when the order did not change', async () => {
    const logged = async () => (await ctx.app.inject({ method: 'GET', url: '/api/audit?entity=emergency-order', headers: bearer(ctx.adminToken) })).json();
    const before = await list();
    const { total } = await logged();
    expect((await reorder(ids(before))).statusCode).toBe(200);
    expect((await logged()).total).toBe(total);
    const target = [before[1], before[0], ...before.slice(2)];
    await reorder(ids(target));
    const { entries, total: after } = await logged();
    expect(after).toBe(total + 1);
    expect(entries[0]).toMatchObject({
      action: 'update', entity: 'emergency-order', userEmail: 'order-author@example.org',
      changes: { order: { from: before.map((item) => item.value), to: target.map((item) => item.value) } },
    });
  });
});
