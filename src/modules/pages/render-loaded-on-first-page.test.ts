// The server render is loaded by the first page a visitor asks for, not at start: the page routes
// come from the addresses the client build writes beside it (ssr/route-patterns.json). A stand-in
// render that counts its loads plays the built one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { makeTestConfig } from '../../test/helpers';
import { ROUTE_PATTERNS_FILE } from './renderer';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const loads = globalThis as unknown as Record<string, number>;

let dataDir = '';
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** A built client whose render counts its loads under `counter`; with or without route-patterns.json. */
function standInClient(counter: string, withPatterns: boolean): string {
  dataDir = mkdtempSync(path.join(tmpdir(), 'render-first-page-'));
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(path.join(clientDir, 'ssr'), { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), readFileSync(path.join(root, 'client', 'index.html')));
  writeFileSync(path.join(clientDir, 'ssr', 'entry-server.js'), `
globalThis[${JSON.stringify(counter)}] = (globalThis[${JSON.stringify(counter)}] ?? 0) + 1;
export const ready = Promise.resolve();
export const routePatterns = ['/', '/about'];
export const PAGE_DATA_ELEMENT_ID = 'page-data';
export const dataForPage = () => [];
export const render = ({ url, language }) => ({ html: '<main>' + language + ' ' + url + '</main>', facts: { status: 200, title: 'About' } });
`);
  if (withPatterns) writeFileSync(path.join(clientDir, ROUTE_PATTERNS_FILE), JSON.stringify(['/', '/about']));
  return clientDir;
}

describe('the server render', () => {
  it('is not loaded at start, and is loaded once by the first pages asked for at the same time', async () => {
    const counter = `renderLoads${Date.now()}a`;
    app = await buildApp(makeTestConfig(dataDir, { CLIENT_DIR: standInClient(counter, true) }), { logger: false });
    expect(loads[counter]).toBeUndefined();
    const asked = ['/about', '/ar/about', '/en/about', '/', '/ar/', '/about?utm_source=x'];
    const answers = await Promise.all(asked.map((url) => app!.inject({ method: 'GET', url })));
    expect(loads[counter]).toBe(1);
    expect(answers.map((answer) => answer.statusCode)).toEqual(asked.map(() => 200));
    expect(answers[1].body).toContain('<html lang="ar" dir="rtl"');
    expect(answers[1].body).toContain('<main>ar /ar/about</main>');
    expect(answers[0].headers['cache-control']).toBe(answers[3].headers['cache-control']);
    // A later page, and an address no route has (rendered as not found), use the render loaded.
    expect((await app.inject({ method: 'GET', url: '/ar/about?x=1' })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(loads[counter]).toBe(1);
  });

  it('is loaded at start from a build without route-patterns.json, for its page addresses', async () => {
    const counter = `renderLoads${Date.now()}b`;
    app = await buildApp(makeTestConfig(dataDir, { CLIENT_DIR: standInClient(counter, false) }), { logger: false });
    expect(loads[counter]).toBe(1);
    const answer = await app.inject({ method: 'GET', url: '/en/about' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<main>en /en/about</main>');
  });
});
