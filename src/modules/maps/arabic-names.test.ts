// A city's Arabic name and its branches' Arabic addresses (migration 007): optional, checked,
// kept by an edit that does not send them, audited, and never an address of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;
beforeAll(async () => {
  ctx = await createStaffTestApp('maps-arabic@example.org');
});
afterAll(async () => ctx.cleanup());

const branch = { address: 'Karrada, Street 62', phone: '+964 770 000 0101', email: 'karrada@example.org' };
const save = (payload: object, id?: string) =>
  ctx.app.inject({ method: 'POST', url: id ? `/api/maps/${id}` : '/api/maps', payload, headers: bearer(ctx.authorToken) });
const errorsOf = (body: string) => (JSON.parse(body) as { errors: Array<{ messageEn: string; messageAr: string; field: string }> }).errors;

describe('Arabic city names and branch addresses', () => {
  it('stores the Arabic name and addresses trimmed, and answers them in every read', async () => {
    const created = await save({
      name: 'Najaf', nameAr: '  النجف ',
      branch: [{ ...branch, addressAr: ' الكرادة، شارع 62 ' }, { ...branch, address: 'Kufa Road' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Najaf', nameAr: 'النجف', branch: [{ addressAr: 'الكرادة، شارع 62' }, { address: 'Kufa Road', addressAr: '' }] });
    const id = created.json()._id as string;
    const reads = [`/api/maps/${id}`, '/api/maps/m/najaf'];
    for (const url of reads) expect((await ctx.app.inject({ url })).json(), url).toMatchObject({ nameAr: 'النجف', branch: [{ addressAr: 'الكرادة، شارع 62' }, { addressAr: '' }] });
    const listed = ((await ctx.app.inject({ url: '/api/maps' })).json() as Array<{ _id: string; nameAr: string }>).find((city) => city._id === id);
    expect(listed?.nameAr).toBe('النجف');
  });

  it('keeps the Latin name as the city\'s address: the Arabic name is not one', async () => {
    expect((await ctx.app.inject({ url: `/api/maps/m/${encodeURIComponent('النجف')}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/maps/m/Najaf' })).statusCode).toBe(200);
  });

  it('accepts Latin runs inside Arabic text (a street number, a shop\'s name)', async () => {
    const response = await save({ name: 'Duhok', nameAr: 'دهوك', branch: [{ ...branch, addressAr: 'شارع 62، قرب Family Mall' }] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().branch[0].addressAr).toBe('شارع 62، قرب Family Mall');
  });

  it('refuses, in both languages, an Arabic name or address with no Arabic letter in it', async () => {
    const response = await save({ name: 'Kirkuk', nameAr: 'Kirkuk', branch: [{ ...branch, addressAr: 'Street 62' }, { ...branch, addressAr: 'كركوك' }] });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response.body)).toEqual([
      { field: 'nameAr', messageEn: 'The Arabic name must be written in Arabic letters', messageAr: 'يجب كتابة الاسم العربي بحروف عربية' },
      // Named with its branch, as every branch field's message is.
      { field: 'branch[0].addressAr', messageEn: 'Branch 1: The Arabic address must contain Arabic letters', messageAr: 'الفرع 1: يجب أن يحتوي العنوان العربي على حروف عربية' },
    ]);
    expect((await ctx.app.inject({ url: '/api/maps/m/Kirkuk' })).statusCode).toBe(404);
  });

  it('answers a 400 naming the field, never a 500, for a name too long or not text', async () => {
    for (const [payload, field] of [
      [{ name: 'Kirkuk', nameAr: 'ك'.repeat(101), branch: [] }, 'nameAr'],
      [{ name: 'Kirkuk', nameAr: 42, branch: [] }, 'nameAr'],
      [{ name: 'Kirkuk', branch: [{ ...branch, addressAr: 'ع'.repeat(301) }] }, 'branch[0].addressAr'],
      [{ name: 'Kirkuk', branch: [{ ...branch, addressAr: ['شارع'] }] }, 'branch[0].addressAr'],
    ] as const) {
      const response = await save(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const error = errorsOf(response.body).find((item) => item.field === field);
      expect(error?.messageAr, response.body).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('keeps the Arabic name and addresses when an edit does not send them (an older client), and clears them when sent empty', async () => {
    const created = (await save({ name: 'Karbala', nameAr: 'كربلاء', branch: [{ ...branch, addressAr: 'شارع الإمام' }, { ...branch, address: 'Old Road', addressAr: 'الطريق القديم' }] })).json();
    // The client that knows nothing of Arabic fields: same branches, reordered, one added.
    const older = await save({ name: 'Karbala', branch: [{ ...branch, address: 'Old Road' }, branch, { ...branch, address: 'New Road' }] }, created._id);
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json()).toMatchObject({ nameAr: 'كربلاء', branch: [{ addressAr: 'الطريق القديم' }, { addressAr: 'شارع الإمام' }, { addressAr: '' }] });

    const cleared = await save({ name: 'Karbala', nameAr: '', branch: [{ ...branch, addressAr: '' }] }, created._id);
    expect(cleared.json()).toMatchObject({ nameAr: '', branch: [{ addressAr: '' }] });
  });

  it('records a change of the Arabic name in the audit log', async () => {
    const created = (await save({ name: 'Samarra', branch: [] })).json();
    await save({ name: 'Samarra', nameAr: 'سامراء', branch: [] }, created._id);
    const audit = await ctx.app.inject({ url: '/api/audit', headers: bearer(ctx.adminToken) });
    const entries = audit.json().entries as Array<{ entityId: string; action: string; changes: Record<string, { from?: unknown; to?: unknown }> }>;
    const update = entries.find((entry) => entry.entityId === created._id && entry.action === 'update');
    expect(update?.changes.nameAr).toEqual({ from: '', to: 'سامراء' });
  });
});
