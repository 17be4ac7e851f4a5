import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;

beforeAll(async () => {
  ctx = await createStaffTestApp('emergency-author@example.org');
});
afterAll(async () => ctx.cleanup());

type Item = { _id: string; type: string; value: string; nameEN: string; nameAR: string; icon: string };
const hotline = { type: 'Emergency', value: '533', nameEN: 'Anti-trafficking hotline', nameAR: 'الخط الساخن لمكافحة الاتجار' };
const add = (payload: unknown, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/emergency', payload: payload as object, headers: token ? bearer(token) : {} });
const remove = (id: string, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/emergency/${id}`, headers: token ? bearer(token) : {} });
const read = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json() as Item[];

describe('emergency contacts', () => {
  it('answers empty lists at first', async () => {
    for (const url of ['/api/emergency', '/api/emergency/Emergency', '/api/emergency/VOT']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
  });

  it('adds items with 201 and their full shape', async () => {
    const response = await add({ ...hotline, icon: '/uploads/hotline.png' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ _id: expect.stringMatching(/^[a-f0-9]{24}$/), ...hotline, icon: '/uploads/hotline.png' });

    const shelter = await add({ type: 'VOT', value: '+964 770 000-0901', nameEN: 'Shelter', nameAR: 'دار الإيواء' }, ctx.adminToken);
    expect(shelter.statusCode).toBe(201);
    expect(shelter.json()).toMatchObject({ type: 'VOT', icon: '' });
    expect((await add({ ...hotline, value: '104', nameEN: 'Police', nameAR: 'الشرطة', icon: '' })).statusCode).toBe(201);
  });

  // Changed by issue 24: a new number goes last (it used to go first and push the hotline down).
  it('lists all in the order staff chose, a new one last, or one type', async () => {
    expect((await read('/api/emergency')).map((i) => i.nameEN)).toEqual(['Anti-trafficking hotline', 'Shelter', 'Police']);
    expect((await read('/api/emergency/Emergency')).map((i) => i.value)).toEqual(['533', '104']);
    expect((await read('/api/emergency/VOT')).map((i) => i.nameAR)).toEqual(['دار الإيواء']);
  });

  it('refuses an unknown type in the address with 400', async () => {
    for (const type of ['vot', 'Police', '%20']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/emergency/${type}` });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).field).toBe('type');
    }
  });

  it('stores HTML and SQL-like names verbatim', async () => {
    const nameEN = `<script>alert(1)</script>`;
    const nameAR = `'; DROP TABLE emergency; -- عربي`;
    const response = await add({ type: 'VOT', value: '115', nameEN, nameAR });
    expect(response.statusCode).toBe(201);
    expect((await read('/api/emergency/VOT')).at(-1)).toMatchObject({ nameEN, nameAR });
  });

  it.each([
    [{ ...hotline, type: undefined }, 'type', null],
    [{ ...hotline, type: 'Hotline' }, 'type', null],
    [{ ...hotline, value: undefined }, 'value', null],
    [{ ...hotline, value: '' }, 'value', null],
    [{ ...hotline, value: '  ' }, 'value', null],
    [{ ...hotline, value: 533 }, 'value', null],
    [{ ...hotline, value: '1'.repeat(33) }, 'value', null],
    [{ ...hotline, value: '533 ext. 2' }, 'value', 'The number may only contain digits, spaces, + and -'],
    [{ ...hotline, value: '(533)' }, 'value', 'The number may only contain digits, spaces, + and -'],
    [{ ...hotline, nameEN: undefined }, 'nameEN', null],
    [{ ...hotline, nameEN: '' }, 'nameEN', null],
    [{ ...hotline, nameEN: 'n'.repeat(101) }, 'nameEN', null],
    [{ ...hotline, nameAR: undefined }, 'nameAR', null],
    [{ ...hotline, nameAR: ' ' }, 'nameAR', null],
    [{ ...hotline, nameAR: 'ن'.repeat(101) }, 'nameAR', null],
    [{ ...hotline, icon: 'https://evil.example/icon.png' }, 'icon', null],
    [{ ...hotline, icon: '/uploads/../../x.png' }, 'icon', null],
    [{ ...hotline, priority: 1 }, 'priority', null],
  ])('refuses %j with 400 on %s', async (payload, field, messageEn) => {
    const response = await add(payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (messageEn) expect(error.messageEn).toBe(messageEn);
  });

  it('deletes an item with its unreferenced icon; 404 for unknown and malformed ids', async () => {
    writeFileSync(path.join(ctx.config.uploadsDir, 'hotline.png'), 'x');
    const target = (await read('/api/emergency')).find((i) => i.value === '533')!;
    const response = await remove(target._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: target._id });
    expect((await read('/api/emergency')).some((i) => i._id === target._id)).toBe(false);
    expect(existsSync(path.join(ctx.config.uploadsDir, 'hotline.png'))).toBe(false);
    for (const id of [target._id, 'ffffffffffffffffffffffff', 'bad%20id!']) {
      const missing = await remove(id);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing.body).messageEn).toBe('Emergency contact not found');
    }
  });

  it('refuses anonymous callers and forged tokens with 401', async () => {
    const target = (await read('/api/emergency'))[0];
    const [header, payload] = ctx.authorToken.split('.');
    for (const token of [null, `${header}.${payload}.${'A'.repeat(43)}`]) {
      for (const response of [await add(hotline, token), await remove(target._id, token)]) {
        expect(response.statusCode).toBe(401);
        errorOf(response.body);
      }
    }
    expect((await read('/api/emergency'))[0]).toEqual(target);
  });

  it('records creates and deletes with the changed fields', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.adminToken) });
    const entries = (response.json().entries as Array<{ action: string; entity: string; changes: Record<string, unknown> }>).filter((e) => e.entity === 'emergency');
    expect(entries[0]).toMatchObject({ action: 'delete', changes: { value: { from: '533' }, icon: { from: '/uploads/hotline.png' } } });
    expect(entries.at(-1)).toMatchObject({ action: 'create', changes: { type: { to: 'Emergency' }, value: { to: '533' }, nameAR: { to: hotline.nameAR } } });
  });
});

describe('EmergencyRepository', () => {
  it('creates directly (used by the demo seed)', async () => {
    const created = await ctx.app.repositories.emergency.create({ type: 'Emergency', value: '122', nameEN: 'Ambulance', nameAR: 'الإسعاف', icon: '' });
    expect((await read('/api/emergency/Emergency')).at(-1)).toEqual(created);
  });
});
