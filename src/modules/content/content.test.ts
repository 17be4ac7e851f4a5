import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStaffTestApp, errorOf, type StaffTestContext } from '../../test/helpers';

let ctx: StaffTestContext;

beforeAll(async () => {
  ctx = await createStaffTestApp('content-author@example.org');
});
afterAll(async () => ctx.cleanup());

const read = (type: string) => ctx.app.inject({ method: 'GET', url: `/api/content/${type}` });
const save = (type: string, payload: unknown, token: string | null = ctx.authorToken) =>
  ctx.app.inject({ method: 'POST', url: `/api/content/${type}`, payload: payload as object, headers: token ? bearer(token) : {} });

describe('GET /api/content/:type', () => {
  it('answers empty texts for each type never saved', async () => {
    for (const [url, type] of [['About', 'About'], ['Human%20Trafficing', 'Human Trafficing'], ['Activity', 'Activity']]) {
      const response = await read(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ type, contentEn: '', contentAr: '', image: '', imageAltEn: null, imageAltAr: null });
    }
  });

  it('refuses an unknown type with 400 in both languages', async () => {
    for (const type of ['about', 'Human%20Trafficking', 'Other', '%20']) {
      const response = await read(type);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).field).toBe('type');
    }
  });
});

describe('POST /api/content/:type', () => {
  it('creates, then replaces, the text; GET reads it back', async () => {
    const created = await save('About', { type: 'About', contentEn: 'Who we are', contentAr: 'من نحن', image: '/uploads/abc123.webp' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ type: 'About', contentEn: 'Who we are', contentAr: 'من نحن', image: '/uploads/abc123.webp', imageAltEn: null, imageAltAr: null });

    const replaced = await save('About', { contentEn: 'Who we are now', contentAr: 'من نحن الآن' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ type: 'About', contentEn: 'Who we are now', contentAr: 'من نحن الآن', image: '', imageAltEn: null, imageAltAr: null });
    expect((await read('About')).json()).toEqual(replaced.json());
  });

  it("saves 'Human Trafficing' through the URL-encoded space", async () => {
    const response = await save('Human%20Trafficing', { type: 'Human Trafficing', contentEn: 'HT text', contentAr: 'نص الاتجار' });
    expect(response.statusCode).toBe(200);
    expect((await read('Human%20Trafficing')).json()).toEqual({ type: 'Human Trafficing', contentEn: 'HT text', contentAr: 'نص الاتجار', image: '', imageAltEn: null, imageAltAr: null });
    // The other types are untouched.
    expect((await read('Activity')).json().contentEn).toBe('');
  });

  it('stores HTML and SQL-like strings verbatim', async () => {
    const contentEn = `<script>alert('x')</script><b>bold</b>`;
    const contentAr = `'; DROP TABLE content; -- "quoted" نص`;
    expect((await save('Activity', { contentEn, contentAr })).statusCode).toBe(200);
    expect((await read('Activity')).json()).toEqual({ type: 'Activity', contentEn, contentAr, image: '', imageAltEn: null, imageAltAr: null });
  });

  it('lets an admin save too', async () => {
    expect((await save('Activity', { contentEn: 'a', contentAr: 'ب' }, ctx.adminToken)).statusCode).toBe(200);
  });

  it('refuses a body type that differs from the address', async () => {
    const response = await save('Activity', { type: 'About', contentEn: 'x', contentAr: 'y' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toMatchObject({ field: 'type', messageEn: 'The type in the body must match the type in the address' });
  });

  it('accepts an image only for About', async () => {
    const response = await save('Activity', { contentEn: 'x', contentAr: 'y', image: '/uploads/abc.png' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toMatchObject({ field: 'image', messageEn: 'An image can only be set for About' });
    // An empty image is not an image.
    expect((await save('Activity', { contentEn: 'x', contentAr: 'y', image: '' })).statusCode).toBe(200);
  });

  it.each([
    [{ contentAr: 'y' }, 'contentEn'],
    [{ contentEn: 'x' }, 'contentAr'],
    [{ contentEn: 5, contentAr: 'y' }, 'contentEn'],
    [{ contentEn: 'x', contentAr: 'y', image: 'https://evil.example/x.png' }, 'image'],
    [{ contentEn: 'x', contentAr: 'y', image: '/uploads/../secret.txt' }, 'image'],
    [{ contentEn: 'x', contentAr: 'y', type: 'Nope' }, 'type'],
    [{ contentEn: 'x', contentAr: 'y', extra: 1 }, 'extra'],
  ])('validates %j (field %s)', async (payload, field) => {
    const response = await save('About', payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe(field);
  });

  it('refuses an unknown type in the address', async () => {
    const response = await save('News', { contentEn: 'x', contentAr: 'y' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe('type');
  });

  it('refuses anonymous callers and forged tokens with 401', async () => {
    const anonymous = await save('About', { contentEn: 'x', contentAr: 'y' }, null);
    expect(anonymous.statusCode).toBe(401);
    errorOf(anonymous.body);
    const [header, payload] = ctx.authorToken.split('.');
    const forged = await save('About', { contentEn: 'x', contentAr: 'y' }, `${header}.${payload}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
    errorOf(forged.body);
  });

  it('records creates and updates with the changed fields in the audit log', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/audit', headers: bearer(ctx.adminToken) });
    const entries = response.json().entries as Array<{ action: string; entity: string; entityId: string; changes: Record<string, { from?: unknown; to?: unknown }> }>;
    const about = entries.filter((e) => e.entity === 'content' && e.entityId === 'About');
    expect(about.map((e) => e.action)).toEqual(['update', 'create']);
    expect(about[0].changes).toEqual({
      contentEn: { from: 'Who we are', to: 'Who we are now' },
      contentAr: { from: 'من نحن', to: 'من نحن الآن' },
      image: { from: '/uploads/abc123.webp', to: '' },
    });
  });
});

describe('ContentRepository', () => {
  it('saves and finds directly (used by the demo seed)', async () => {
    const repository = ctx.app.repositories.content;
    await repository.save('Activity', { contentEn: 'seeded', contentAr: 'مزروع', image: '' });
    expect(await repository.find('Activity')).toEqual({ type: 'Activity', contentEn: 'seeded', contentAr: 'مزروع', image: '', imageAltEn: null, imageAltAr: null });
  });
});
