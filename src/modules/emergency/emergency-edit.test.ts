// PUT /api/emergency/:id: an item is changed in place (same id, same place in the list) under the
// same rules as adding one, and the change is audited.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;
type Item = { _id: string; type: string; value: string; nameEN: string; nameAR: string; icon: string };

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: token ? bearer(token) : {} });
const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/emergency' })).json() as Item[];
const hotline = { type: 'Emergency', value: '533', nameEN: 'Anti-trafficking hotline', nameAR: 'الخط الساخن لمكافحة الاتجار' };
let items: Item[];
/** The seeded items by English name. */
const named = (nameEN: string) => items.find((item) => item.nameEN === nameEN)!;

beforeAll(async () => {
  ctx = await createStaffTestApp('emergency-editor@example.org');
  writeFileSync(path.join(ctx.config.uploadsDir, 'old-icon.png'), 'x');
  writeFileSync(path.join(ctx.config.uploadsDir, 'shared-icon.png'), 'x');
  for (const item of [
    { ...hotline, icon: '/uploads/old-icon.png' },
    { type: 'VOT', value: '+964 770 000-0901', nameEN: 'Shelter', nameAR: 'دار الإيواء', icon: '/uploads/shared-icon.png' },
    { type: 'Emergency', value: '104', nameEN: 'Police', nameAR: 'الشرطة', icon: '/uploads/shared-icon.png' },
  ]) expect((await send('POST', '/api/emergency', item)).statusCode).toBe(201);
  items = await list();
});
afterAll(async () => ctx.cleanup());

describe('editing an emergency contact in place', () => {
  it('changes every field and keeps the id and the order of the list', async () => {
    const target = named('Shelter');
    const response = await send('PUT', `/api/emergency/${target._id}`, { type: 'Emergency', value: ' 112 ', nameEN: 'Shelter line', nameAR: 'خط دار الإيواء', icon: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: target._id, type: 'Emergency', value: '112', nameEN: 'Shelter line', nameAR: 'خط دار الإيواء', icon: '' });
    const after = await list();
    expect(after.map((item) => item._id)).toEqual(items.map((item) => item._id));
    expect(after[items.indexOf(target)]).toEqual(response.json());
    expect(after.filter((item) => item._id !== target._id)).toEqual(items.filter((item) => item._id !== target._id));
  });

  it('an admin may edit too', async () => {
    const response = await send('PUT', `/api/emergency/${named('Police')._id}`, { ...hotline, value: '104', nameEN: 'Police (24h)', nameAR: 'الشرطة', icon: '/uploads/shared-icon.png' }, ctx.adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().nameEN).toBe('Police (24h)');
  });

  it('removes a replaced icon only when nothing else shows it', async () => {
    // shared-icon.png was shown by two items; one let go of it above, the other still shows it.
    expect(existsSync(path.join(ctx.config.uploadsDir, 'shared-icon.png'))).toBe(true);
    const response = await send('PUT', `/api/emergency/${named('Anti-trafficking hotline')._id}`, { ...hotline, icon: '/uploads/shared-icon.png' });
    expect(response.statusCode).toBe(200);
    expect(existsSync(path.join(ctx.config.uploadsDir, 'old-icon.png'))).toBe(false);
    expect(existsSync(path.join(ctx.config.uploadsDir, 'shared-icon.png'))).toBe(true);
  });

  it.each([
    [{ ...hotline, value: '533 ext. 2' }, 'value', 'The number may only contain digits, spaces, + and -'],
    [{ ...hotline, value: '   ' }, 'value', null],
    [{ ...hotline, type: 'Hotline' }, 'type', null],
    [{ ...hotline, nameAR: '' }, 'nameAR', null],
    [{ ...hotline, nameEN: 'n'.repeat(101) }, 'nameEN', null],
    [{ ...hotline, icon: 'https://evil.example/icon.png' }, 'icon', null],
    // The id is the address's, never the body's: a body cannot move an item onto another id.
    [{ ...hotline, _id: 'ffffffffffffffffffffffff' }, '_id', null],
    [{ type: 'VOT', value: '533' }, 'nameEN', null],
  ])('refuses %j with a bilingual 400 on %s and changes nothing', async (payload, field, messageEn) => {
    const before = await list();
    const response = await send('PUT', `/api/emergency/${items[0]._id}`, payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe(field);
    if (messageEn) expect(error.messageEn).toBe(messageEn);
    expect(await list()).toEqual(before);
  });

  it('answers 404 for unknown and malformed ids, and creates nothing', async () => {
    const before = await list();
    for (const id of ['ffffffffffffffffffffffff', 'bad%20id!', `${items[0]._id}x`]) {
      const response = await send('PUT', `/api/emergency/${id}`, hotline);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.body).messageEn).toBe('Emergency contact not found');
    }
    expect(await list()).toEqual(before);
  });

  it('refuses anonymous callers and forged tokens with 401 before reading the body', async () => {
    const before = await list();
    const [header, payload] = ctx.authorToken.split('.');
    for (const token of [null, `${header}.${payload}.${'A'.repeat(43)}`]) {
      const response = await send('PUT', `/api/emergency/${items[0]._id}`, { ...hotline, value: '999' }, token);
      expect(response.statusCode).toBe(401);
      errorOf(response.body);
    }
    expect(await list()).toEqual(before);
  });

  it('records each edit in the audit log with what changed', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.adminToken) });
    const updates = (response.json().entries as Array<{ action: string; entity: string; entityId: string; userEmail: string; changes: Record<string, unknown> }>)
      .filter((entry) => entry.entity === 'emergency' && entry.action === 'update');
    expect(updates).toHaveLength(3);
    expect(updates.find((entry) => entry.entityId === named('Shelter')._id)).toMatchObject({
      userEmail: 'emergency-editor@example.org',
      changes: { value: { from: '+964 770 000-0901', to: '112' }, type: { from: 'VOT', to: 'Emergency' }, icon: { from: '/uploads/shared-icon.png', to: '' } },
    });
    expect(updates.find((entry) => entry.entityId === named('Police')._id)?.changes).toEqual({ nameEN: { from: 'Police', to: 'Police (24h)' } });
  });
});
