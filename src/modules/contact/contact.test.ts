import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;

beforeAll(async () => {
  ctx = await createStaffTestApp('contact-author@example.org');
});
afterAll(async () => ctx.cleanup());

const add = (payload: unknown, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers: token ? bearer(token) : {} });
const remove = (id: string, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/contact/${id}`, headers: token ? bearer(token) : {} });
const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/contact' })).json() as Array<{ _id: string; type: string; value: string }>;

describe('contact entries', () => {
  it('answers an empty list at first', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('adds an entry of every type with 201 and lists them newest first', async () => {
    const entries = [
      ['phone', '+964 770 000 0100'],
      ['email', 'help@example.org'],
      ['facebook', 'https://www.facebook.com/example'],
      ['twitter', 'https://twitter.com/example'],
      ['instagram', 'http://instagram.com/example'],
      ['youtube', 'https://www.youtube.com/@example'],
      ['linkedin', 'https://www.linkedin.com/company/example'],
    ];
    for (const [type, value] of entries) {
      const response = await add({ type, value });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({ _id: expect.stringMatching(/^[a-f0-9]{24}$/), type, value });
    }
    expect((await list()).map((c) => c.type)).toEqual(entries.map(([type]) => type).reverse());
  });

  it('lets an admin add too, and trims the value', async () => {
    const response = await add({ type: 'email', value: '  office@example.org  ' }, ctx.adminToken);
    expect(response.statusCode).toBe(201);
    expect(response.json().value).toBe('office@example.org');
  });

  it('stores HTML and SQL-like phone text verbatim', async () => {
    const value = `<b>533</b>'); DROP TABLE contacts; --`;
    const response = await add({ type: 'phone', value });
    expect(response.statusCode).toBe(201);
    expect((await list())[0]).toEqual({ _id: response.json()._id, type: 'phone', value });
  });

  it.each([
    [{ value: '533' }, 'type', null],
    [{ type: 'whatsapp', value: '533' }, 'type', null],
    [{ type: 'Phone', value: '533' }, 'type', null],
    [{ type: 'phone' }, 'value', null],
    [{ type: 'phone', value: '' }, 'value', null],
    [{ type: 'phone', value: '   ' }, 'value', null],
    [{ type: 'phone', value: 533 }, 'value', null],
    [{ type: 'phone', value: 'x'.repeat(301) }, 'value', null],
    [{ type: 'email', value: 'not-an-email' }, 'value', 'Please enter a valid email'],
    [{ type: 'email', value: 'a@b' }, 'value', 'Please enter a valid email'],
    [{ type: 'facebook', value: 'facebook.com/example' }, 'value', 'Please enter a link starting with http:// or https://'],
    [{ type: 'youtube', value: 'javascript:alert(1)' }, 'value', 'Please enter a link starting with http:// or https://'],
    [{ type: 'linkedin', value: 'ftp://example.org/x' }, 'value', 'Please enter a link starting with http:// or https://'],
    [{ type: 'phone', value: '533', note: 'x' }, 'note', null],
  ])('refuses %j with 400 on %s', async (payload, field, messageEn) => {
    const response = await add(payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (messageEn) expect(error.messageEn).toBe(messageEn);
  });

  it('deletes an entry and answers { _id }; 404 for unknown and malformed ids', async () => {
    const target = (await list())[0];
    const response = await remove(target._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: target._id });
    expect((await list()).some((c) => c._id === target._id)).toBe(false);
    for (const id of [target._id, 'ffffffffffffffffffffffff', 'bad%20id!']) {
      const missing = await remove(id);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing.body).messageEn).toBe('Contact entry not found');
    }
  });

  it('refuses anonymous callers and forged tokens with 401', async () => {
    const target = (await list())[0];
    const [header, payload] = ctx.authorToken.split('.');
    for (const token of [null, `${header}.${payload}.${'A'.repeat(43)}`]) {
      for (const response of [await add({ type: 'phone', value: '1' }, token), await remove(target._id, token)]) {
        expect(response.statusCode).toBe(401);
        errorOf(response.body);
      }
    }
    expect((await list())[0]).toEqual(target);
  });

  it('records creates and deletes in the audit log', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.adminToken) });
    const entries = (response.json().entries as Array<{ action: string; entity: string; changes: Record<string, unknown> }>).filter((e) => e.entity === 'contact');
    expect(entries[0]).toMatchObject({ action: 'delete', changes: { type: { from: 'phone' } } });
    expect(entries.filter((e) => e.action === 'create')).toHaveLength(9);
    expect(entries.at(-1)?.changes).toEqual({ type: { to: 'phone' }, value: { to: '+964 770 000 0100' } });
  });
});

describe('ContactsRepository', () => {
  it('creates directly (used by the demo seed)', async () => {
    const created = await ctx.app.repositories.contacts.create({ type: 'phone', value: '533' });
    expect((await list())[0]).toEqual(created);
  });
});
