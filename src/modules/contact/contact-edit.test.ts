// PUT /api/contact/:id: an entry is changed in place (same id, same place in the list) under the
// same rules as adding one, and the change is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;
type Entry = { _id: string; type: string; value: string };

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: token ? bearer(token) : {} });
const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/contact' })).json() as Entry[];
let entries: Entry[];

beforeAll(async () => {
  ctx = await createStaffTestApp('contact-editor@example.org');
  for (const entry of [{ type: 'phone', value: '+964 770 000 0100' }, { type: 'email', value: 'help@example.org' }, { type: 'facebook', value: 'https://www.facebook.com/example' }]) {
    expect((await send('POST', '/api/contact', entry)).statusCode).toBe(201);
  }
  entries = await list();
});
afterAll(async () => ctx.cleanup());

describe('editing a contact entry in place', () => {
  it('changes type and value, trims, and keeps the id and the order', async () => {
    const target = entries[1];
    const response = await send('PUT', `/api/contact/${target._id}`, { type: 'email', value: '  office@example.org ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: target._id, type: 'email', value: 'office@example.org' });
    const after = await list();
    expect(after.map((entry) => entry._id)).toEqual(entries.map((entry) => entry._id));
    expect(after[1].value).toBe('office@example.org');

    const retyped = await send('PUT', `/api/contact/${entries[0]._id}`, { type: 'youtube', value: 'https://www.youtube.com/@example' }, ctx.adminToken);
    expect(retyped.statusCode).toBe(200);
    expect((await list())[0]).toEqual({ _id: entries[0]._id, type: 'youtube', value: 'https://www.youtube.com/@example' });
  });

  it.each([
    [{ type: 'email', value: 'not-an-email' }, 'value', 'Please enter a valid email'],
    // A link that would run script when clicked on the public contact page.
    [{ type: 'facebook', value: 'javascript:alert(1)' }, 'value', 'Please enter a link starting with http:// or https://'],
    [{ type: 'twitter', value: 'twitter.com/example' }, 'value', 'Please enter a link starting with http:// or https://'],
    [{ type: 'fax', value: '123' }, 'type', null],
    [{ type: 'phone', value: ' ' }, 'value', null],
    [{ type: 'phone', value: '1'.repeat(301) }, 'value', null],
    [{ type: 'phone', value: '123', _id: 'ffffffffffffffffffffffff' }, '_id', null],
  ])('refuses %j with a bilingual 400 on %s and changes nothing', async (payload, field, messageEn) => {
    const before = await list();
    const response = await send('PUT', `/api/contact/${entries[2]._id}`, payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (messageEn) expect(error.messageEn).toBe(messageEn);
    expect(await list()).toEqual(before);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['ffffffffffffffffffffffff', 'bad%20id!']) {
      const response = await send('PUT', `/api/contact/${id}`, { type: 'phone', value: '123' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.body).messageEn).toBe('Contact entry not found');
    }
    expect(await list()).toHaveLength(3);
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await send('PUT', `/api/contact/${entries[2]._id}`, { type: 'phone', value: '123' }, null);
    expect(response.statusCode).toBe(401);
    expect((await list())[2]).toEqual(entries[2]);
  });

  it('records each edit in the audit log with what changed', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.adminToken) });
    const updates = (response.json().entries as Array<{ action: string; entity: string; entityId: string; changes: Record<string, unknown> }>)
      .filter((entry) => entry.entity === 'contact' && entry.action === 'update');
    expect(updates).toHaveLength(2);
    expect(updates.find((entry) => entry.entityId === entries[1]._id)?.changes).toEqual({ value: { from: 'help@example.org', to: 'office@example.org' } });
    expect(updates.find((entry) => entry.entityId === entries[0]._id)?.changes).toEqual({
      type: { from: 'facebook', to: 'youtube' }, value: { from: 'https://www.facebook.com/example', to: 'https://www.youtube.com/@example' },
    });
  });
});
