// Every error answer has the contract's shape and the security headers, including those raised
// before any route runs (a broken URL, an over-long path segment, a request that is not HTTP) and
// those of the static files; error bodies stay small whatever the request held.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ERROR_LIMITS } from '../errors';
import { MAX_BODY_NODES } from './validation';
import { TEST_ADMIN, bearer, errorOf, login, makeTestConfig } from '../test/helpers';

let app: FastifyInstance;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'error-answers-'));
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Site</title><div id="root"></div>');
  app = await buildApp(makeTestConfig(dataDir, { CLIENT_DIR: clientDir }), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const login_ = (target: FastifyInstance) => login(target, TEST_ADMIN.email, TEST_ADMIN.password);

interface RawAnswer { status: number; headers: Record<string, string>; body: string }

/** Sends bytes exactly as given (no client library normalises the path) and reads the whole answer. */
function sendRaw(request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      if (!statusLine) return reject(new Error('no answer'));
      const headers: Record<string, string> = {};
      for (const line of headerLines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    setTimeout(() => socket.end(), 2000).unref();
  });
}

const get = (target: string) => sendRaw(`GET ${target} HTTP/1.1\r\nHost: site\r\nConnection: close\r\n\r\n`);

function expectContractAnswer(answer: RawAnswer, status: number, message: RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/application\/json/);
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(answer.headers['referrer-policy']).toBe('no-referrer');
  expect(errorOf(answer.body).messageEn).toMatch(message);
}

describe('errors raised before any route', () => {
  it('a URL whose percent-encoding is not UTF-8 answers 400 "not valid"', async () => {
    expectContractAnswer(await get('/api/maps/m/%ED%A0%80'), 400, /address is not valid/);
  });

  it('a 501-character segment answers 414 "too long" in the contract shape, with the built client\'s catch-all or without it', async () => {
    expectContractAnswer(await get(`/api/posts/${'a'.repeat(501)}`), 414, /too long/);
    const bare = await buildApp(makeTestConfig(path.join(dataDir, 'bare')), { logger: false });
    try {
      const response = await bare.inject({ method: 'GET', url: `/api/posts/${'a'.repeat(501)}` });
      expect(response.statusCode).toBe(414);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(errorOf(response.body).messageEn).toMatch(/too long/);
    } finally {
      await bare.close();
    }
  });

  it('a request line that is not HTTP answers 400 in the contract shape', async () => {
    expectContractAnswer(await sendRaw('GARBAGE\r\n\r\n'), 400, /not valid HTTP/);
    expectContractAnswer(await sendRaw('GET /api/health HTTP/1.1\r\nHost: site\r\nBad Header\r\n\r\n'), 400, /not valid HTTP/);
  });

  it('headers above Node\'s 16 KB answer 431', async () => {
    expectContractAnswer(await sendRaw(`GET /api/health HTTP/1.1\r\nHost: site\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431, /headers are too large/);
  });
});

describe('static-file errors', () => {
  it.each([
    '/uploads/../site.db',
    '/uploads/%2e%2e/site.db',
    '/uploads/..%2fsite.db',
    '/about%00',
    '/uploads/x%00.png',
  ])('%s is refused as "not a file of this site", not as "only administrators"', async (target) => {
    const answer = await get(target);
    expectContractAnswer(answer, 403, /not allowed: it does not name a file of this site/);
    expect(answer.body).not.toMatch(/administrators/);
    expect(answer.body).not.toContain('SQLite');
  });

  it('a dotfile among the uploads is refused the same way', async () => {
    expectContractAnswer(await get('/uploads/.hidden'), 403, /not allowed/);
  });
});

describe('bounded error bodies', () => {
  it('a 979 KB body with 90,000 unknown keys answers one small error: 413 on the public login before it is read, 400 "too many fields" on a staff route (it was 9.3 MB)', async () => {
    const keys = Array.from({ length: 90_000 }, (_, n) => `"a${n}":0`).join(',');
    const login = `{"email":"a@example.org","password":"password-1",${keys}}`;
    expect(login.length).toBeGreaterThan(900_000);
    const publicAnswer = await fetch(`http://127.0.0.1:${port}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: login });
    const publicBody = await publicAnswer.text();
    expect(publicAnswer.status).toBe(413);
    expect(Buffer.byteLength(publicBody)).toBeLessThanOrEqual(ERROR_LIMITS.bodyBytes);
    expect(errorOf(publicBody).messageEn).toBe('The request is too large');

    const token = await login_(app);
    const post = `{"title":"t","describtion":"d","language":"en","type":"Iraq",${keys}}`;
    const staffAnswer = await fetch(`http://127.0.0.1:${port}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: post });
    const staffBody = await staffAnswer.text();
    expect(staffAnswer.status).toBe(400);
    expect(Buffer.byteLength(staffBody)).toBeLessThanOrEqual(ERROR_LIMITS.bodyBytes);
    expect(JSON.parse(staffBody).errors).toHaveLength(1);
    expect(errorOf(staffBody).messageEn).toBe(`The request holds too many fields (at most ${MAX_BODY_NODES} in all)`);
  });

  it(`lists at most ${ERROR_LIMITS.items} field errors (500 unknown keys, nested ones counted too)`, async () => {
    const unknown = Object.fromEntries(Array.from({ length: 500 }, (_, n) => [`k${n}`, 0]));
    const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'a@example.org', password: 'password-1', ...unknown } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveLength(ERROR_LIMITS.items);
    const token = await login_(app);
    const nested = await app.inject({ method: 'POST', url: '/api/posts', headers: bearer(token), payload: { title: 't', describtion: 'd', language: 'en', type: 'Iraq', deep: [Array.from({ length: MAX_BODY_NODES }, () => ({ a: 1 }))] } });
    expect(nested.statusCode).toBe(400);
    expect(errorOf(nested.body).messageEn).toMatch(/too many fields/);
  });

  it('cuts a field name of 10,000 characters', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'a@example.org', password: 'password-1', ['k'.repeat(10_000)]: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(1000);
    expect(errorOf(response.body).field!.length).toBeLessThanOrEqual(ERROR_LIMITS.textChars);
  });
});

describe('upload form limits', () => {
  it('60 text parts on an upload answer "too many form fields", not "the file is too large"', async () => {
    const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
    const boundary = 'attack-boundary';
    let form = '';
    for (let n = 0; n < 60; n += 1) form += `--${boundary}\r\nContent-Disposition: form-data; name="f${n}"\r\n\r\nvalue\r\n`;
    form += `--${boundary}--\r\n`;
    const response = await app.inject({ method: 'POST', url: '/api/upload', headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: form });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response.body).messageEn).toMatch(/too many form fields/);
  });
});
