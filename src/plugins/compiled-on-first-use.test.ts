// Route schemas are compiled by the first request or answer that needs them, not at start, and
// each once. A schema that cannot compile would then only show when its route is first called:
// the last test compiles every route's schemas the server registers.
import { Ajv } from 'ajv';
import fastJson from 'fast-json-stringify';
import { Type } from 'typebox';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import type * as serialization from './serialization';
import { serializerCompiler } from './serialization';
import type * as validation from './validation';
import { MAX_BODY_NODES, validatorCompiler } from './validation';

const seen = vi.hoisted(() => ({ validated: [] as Array<{ schema: unknown; httpPart?: string }>, serialized: [] as unknown[] }));

// fast-json-stringify counted; every schema a route hands the compilers kept for the last test.
vi.mock('fast-json-stringify', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof fastJson }>()).default;
  return { default: vi.fn((...args: Parameters<typeof fastJson>) => actual(...args)) };
});
vi.mock('./validation', async (importOriginal) => {
  const actual = await importOriginal<typeof validation>();
  const compiler: typeof actual.validatorCompiler = (route) => {
    seen.validated.push({ schema: route.schema, httpPart: route.httpPart });
    return actual.validatorCompiler(route);
  };
  return { ...actual, validatorCompiler: compiler };
});
vi.mock('./serialization', async (importOriginal) => {
  const actual = await importOriginal<typeof serialization>();
  const compiler: typeof actual.serializerCompiler = (route) => {
    seen.serialized.push(route.schema);
    return actual.serializerCompiler(route);
  };
  return { ...actual, serializerCompiler: compiler };
});

const ajvCompile = vi.spyOn(Ajv.prototype, 'compile');
const fastJsonCalls = vi.mocked(fastJson);
const route = { method: 'POST', url: '/x' } as const;

beforeEach(() => {
  ajvCompile.mockClear();
  fastJsonCalls.mockClear();
});

describe('a request validator', () => {
  it('is compiled by its first request, once, and reports its errors where Fastify reads them', () => {
    const validate = validatorCompiler({ ...route, httpPart: 'body', schema: Type.Object({ title: Type.String({ minLength: 1 }) }) });
    expect(ajvCompile).not.toHaveBeenCalled();
    expect(validate({ title: '' })).toBe(false);
    expect((validate as unknown as { errors: Array<{ instancePath: string }> }).errors[0].instancePath).toBe('/title');
    expect(validate({ title: 'A title' })).toBe(true);
    expect((validate as unknown as { errors: unknown }).errors).toBeNull();
    expect(ajvCompile).toHaveBeenCalledTimes(1);
  });

  it('still refuses a body of too many fields before ajv lists them, and coerces a query string', () => {
    const validate = validatorCompiler({ ...route, httpPart: 'body', schema: Type.Object({}) });
    const flood = Object.fromEntries(Array.from({ length: MAX_BODY_NODES + 1 }, (_, index) => [`k${index}`, 1]));
    expect(validate(flood)).toBe(false);
    expect((validate as unknown as { errors: Array<{ message: string }> }).errors[0].message).toBe('too many fields');
    const query = { page: '2' };
    expect(validatorCompiler({ ...route, httpPart: 'querystring', schema: Type.Object({ page: Type.Integer() }) })(query)).toBe(true);
    expect(query.page).toBe(2);
  });
});

describe('an answer serializer', () => {
  it('is compiled by its first answer, once, whatever routes and statuses share its schema', () => {
    const schema = Type.Object({ _id: Type.String() });
    const forCreated = serializerCompiler({ ...route, httpStatus: '201', schema });
    const forRead = serializerCompiler({ ...route, httpStatus: '200', schema });
    expect(forRead).toBe(forCreated);
    expect(fastJsonCalls).not.toHaveBeenCalled();
    expect(forRead({ _id: 'a1', passwordHash: 'secret' })).toBe('{"_id":"a1"}');
    expect(forCreated({ _id: 'b2' })).toBe('{"_id":"b2"}');
    expect(fastJsonCalls).toHaveBeenCalledTimes(1);
  });
});

describe('the server', () => {
  let context: TestContext;
  beforeAll(async () => {
    ajvCompile.mockClear();
    fastJsonCalls.mockClear();
    context = await createTestApp();
  });
  afterAll(() => context.cleanup());

  it('compiles no route schema before a request asks for one', async () => {
    expect(seen.validated.length).toBeGreaterThan(50);
    expect(ajvCompile).not.toHaveBeenCalled();
    expect(fastJsonCalls).not.toHaveBeenCalled();
    const health = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.body).toBe('{"ok":true}');
    expect(fastJsonCalls).toHaveBeenCalledTimes(1);
  });

  it('has request and answer schemas on every route that all compile', () => {
    const bodies = new Ajv({ strict: false, allErrors: true });
    const others = new Ajv({ strict: false, coerceTypes: true });
    for (const { schema, httpPart } of seen.validated) {
      expect(() => (httpPart === 'body' ? bodies : others).compile(schema as object)).not.toThrow();
    }
    expect(seen.serialized.length).toBeGreaterThan(100);
    for (const schema of new Set(seen.serialized)) expect(() => fastJson(schema as object)).not.toThrow();
  });
});
