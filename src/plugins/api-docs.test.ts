// The API documentation, loaded by its first request (./api-docs.ts), read as a browser and an API
// client read it over a real port: the same page, files and OpenAPI document as swagger-ui
// registered at start answers, before and after the first load, with the site's own headers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestContext } from '../test/helpers';
import { MAX_PATH_SEGMENT_CHARS } from './request-target';

const swaggerUiFiles = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');
/** The page, its redirect, its generated script and files of each kind swagger-ui serves. */
const PAGE_ADDRESSES = ['/api/docs', '/api/docs/', '/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js'];
const FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'index.css', 'favicon-32x32.png', 'logo.svg'];

let ctx: TestContext;
let site: string;
/** swagger-ui registered at start on a bare Fastify, as the site had it before its load waited. */
let eager: FastifyInstance;
let eagerUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  site = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  eager = Fastify({ routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT_CHARS } });
  await eager.register(fastifySwagger, { openapi: {} });
  await eager.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  eagerUrl = await eager.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await eager.close();
  await ctx.cleanup();
});

interface Answer { status: number; type: string | null; location: string | null; body: Buffer }
async function get(base: string, address: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(base + address, { headers, redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type'), location: response.headers.get('location'), body: Buffer.from(await response.arrayBuffer()) };
}

describe('the API documentation, loaded by its first request', () => {
  it('answers the first requests, made at once, each with its own page, file or document', async () => {
    const addresses = [...PAGE_ADDRESSES, ...FILES.map((file) => `/api/docs/static/${file}`), '/api/docs/json', '/api/docs/yaml'];
    const answers = await Promise.all(addresses.map((address) => get(site, address)));
    expect(answers.map((answer, index) => [addresses[index], answer.status])).toEqual(addresses.map((address) => [address, address.endsWith('/index.html') ? 302 : 200]));
  });

  it('sends the same page, redirect and script as swagger-ui registered at start, then again the same', async () => {
    for (const address of PAGE_ADDRESSES) {
      const expected = await get(eagerUrl, address);
      for (let time = 0; time < 2; time += 1) {
        const answer = await get(site, address);
        expect({ address, status: answer.status, type: answer.type, location: answer.location, body: answer.body.toString() })
          .toEqual({ address, status: expected.status, type: expected.type, location: expected.location, body: expected.body.toString() });
      }
    }
  });

  it('sends swagger-ui\'s own files byte for byte, compressed for a browser that asks, with their types', async () => {
    for (const file of FILES) {
      const expected = await get(eagerUrl, `/api/docs/static/${file}`);
      const plain = await get(site, `/api/docs/static/${file}`, { 'accept-encoding': 'identity' });
      const compressed = await get(site, `/api/docs/static/${file}`, { 'accept-encoding': 'br, gzip' });
      expect(plain.body.equals(readFileSync(path.join(swaggerUiFiles, file)))).toBe(true);
      expect(compressed.body.equals(plain.body)).toBe(true);
      expect({ file, type: plain.type }).toEqual({ file, type: expected.type });
    }
  });

  it('sends the OpenAPI document the site makes from its route schemas, as JSON and as YAML, and lists no documentation address in it', async () => {
    const json = await get(site, '/api/docs/json');
    expect(json.type).toMatch(/^application\/json/);
    expect(JSON.parse(json.body.toString())).toEqual(JSON.parse(JSON.stringify(ctx.app.swagger())));
    const document = JSON.parse(json.body.toString()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/users/login']));
    expect(Object.keys(document.paths).filter((address) => address.startsWith('/api/docs'))).toEqual([]);
    const yaml = await get(site, '/api/docs/yaml');
    expect(yaml.type).toMatch(/^application\/x-yaml/);
    expect(yaml.body.toString()).toBe(ctx.app.swagger({ yaml: true }));
  });

  it('answers a range of a file 206 with those bytes, as @fastify/static does', async () => {
    const range = await fetch(`${site}/api/docs/static/swagger-ui.css`, { headers: { range: 'bytes=0-9', 'accept-encoding': 'identity' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-9\//);
    expect(Buffer.from(await range.arrayBuffer()).equals(readFileSync(path.join(swaggerUiFiles, 'swagger-ui.css')).subarray(0, 10))).toBe(true);
  });

  it('answers a range past the end of a file 416 in the site\'s bilingual words, with the file\'s size', async () => {
    const answer = await fetch(`${site}/api/docs/static/swagger-ui.css`, { headers: { range: 'bytes=99999999-', 'accept-encoding': 'identity' } });
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe(`bytes */${readFileSync(path.join(swaggerUiFiles, 'swagger-ui.css')).length}`);
    expect(errorOf(await answer.text()).messageAr).toBeTruthy();
  });

  it('answers HEAD of a file with the headers its GET has, compressed alike, and of the document with its plain length', async () => {
    const address = `${site}/api/docs/static/swagger-ui.css`;
    const [head, get] = await Promise.all([fetch(address, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }), fetch(address, { headers: { 'accept-encoding': 'gzip' } })]);
    await get.arrayBuffer();
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect({ type: head.headers.get('content-type'), encoding: head.headers.get('content-encoding') }).toEqual({ type: get.headers.get('content-type'), encoding: 'gzip' });
    const document = await fetch(`${site}/api/docs/json`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(Number(document.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(ctx.app.swagger())));
  });

  it('answers HEAD with the headers of the file and no body', async () => {
    const answer = await fetch(`${site}/api/docs/static/logo.svg`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect((await answer.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers a file it does not have with the site\'s own bilingual not-found, never a 500', async () => {
    for (const address of ['/api/docs/static/no-such-file.js', '/api/docs/static/%2e%2e/%2e%2e/package.json', '/api/docs/nothing-here']) {
      const answer = await get(site, address);
      expect({ address, status: answer.status }).toEqual({ address, status: 404 });
      errorOf(answer.body.toString());
    }
  });

  it('keeps the site\'s headers on the documentation: its own policy, and no caching of an API answer', async () => {
    const answer = await fetch(`${site}/api/docs/json`);
    await answer.arrayBuffer();
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
