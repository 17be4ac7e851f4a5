// Timeouts and the connection cap against real sockets, with the timeouts scaled down 30 times
// from their defaults (20 s headers, 30 s idle, 15 min request, 5 s keep-alive) so the test runs
// in seconds while every relationship between them stays as in production.
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from './config';
import { TEST_ADMIN, createTestApp, login, type TestContext } from './test/helpers';

const SCALE = 30;
const scaled = (ms: number) => String(ms / SCALE / 1000);
const IDLE_MS = DEFAULT_TIMEOUTS.idleMs / SCALE;

let ctx: TestContext;
let port: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({
    HEADERS_TIMEOUT_SECONDS: scaled(DEFAULT_TIMEOUTS.headersMs),
    IDLE_TIMEOUT_SECONDS: scaled(DEFAULT_TIMEOUTS.idleMs),
    REQUEST_TIMEOUT_SECONDS: scaled(DEFAULT_TIMEOUTS.requestMs),
    KEEP_ALIVE_TIMEOUT_SECONDS: scaled(DEFAULT_TIMEOUTS.keepAliveMs),
    MAX_CONNECTIONS_PER_ADDRESS: '10',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  token = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => ctx.cleanup());

interface OpenSocket { socket: net.Socket; closedAfterMs: Promise<number>; received: () => string }

function open(localAddress = '127.0.0.1'): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let received = '';
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => resolve({ socket, closedAfterMs, received: () => received }));
    const closedAfterMs = new Promise<number>((done) => socket.on('close', () => done(performance.now() - started)));
    socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('timeouts', () => {
  it('cuts a client that sends the headers and 8 bytes of its body, then nothing, within the idle timeout', async () => {
    const client = await open();
    client.socket.write('POST /api/rating/website HTTP/1.1\r\nHost: site\r\nContent-Type: application/json\r\nContent-Length: 8000\r\n\r\n{"rate":');
    // 8,000 bytes announced: under the 16 KB limit of the public routes, so only the timeout ends it.
    const closedAfter = await client.closedAfterMs;
    // Node checks sockets about once a second: the cut comes between the timeout and that much later.
    expect(closedAfter).toBeGreaterThanOrEqual(IDLE_MS * 0.9);
    expect(closedAfter).toBeLessThan(IDLE_MS + 2000);
  });

  it('answers 408 to a client that sends its headers one byte at a time, each within the idle timeout', async () => {
    const client = await open();
    const request = 'GET /api/health HTTP/1.1\r\nHost: site\r\nX-Slow: ' + 'a'.repeat(200);
    let sent = 0;
    const drip = setInterval(() => { if (!client.socket.destroyed && sent < request.length) client.socket.write(request[sent++]); }, IDLE_MS / 4);
    try {
      await client.closedAfterMs;
    } finally {
      clearInterval(drip);
    }
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(client.received()).toContain('"messageAr"');
    expect(sent).toBeLessThan(request.length);
  });

  it('takes a slow but steady 10 MB upload in full (gaps far below the idle timeout, well within the request timeout)', async () => {
    // A real PDF carrying 10 MB of incompressible bytes in a stream its page uses, so its rewrite
    // keeps them (an attachment would be removed: uploads keep no embedded files).
    const { PDFDocument, PDFName } = await import('@cantoo/pdf-lib');
    const document = await PDFDocument.create();
    const page = document.addPage();
    page.node.set(PDFName.of('PieceInfo'), document.context.register(document.context.stream(randomBytes(10 * 1024 * 1024))));
    const pdf = Buffer.from(await document.save({ useObjectStreams: false }));
    const boundary = 'steady-upload';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const client = await open();
    client.socket.write(`POST /api/upload/pdf HTTP/1.1\r\nHost: site\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + pdf.length + tail.length}\r\nConnection: close\r\n\r\n`);
    client.socket.write(head);
    const CHUNK = 128 * 1024;
    // About 80 chunks 50 ms apart: 4 s, i.e. 2 minutes at the real timeouts (about 85 KB/s).
    for (let offset = 0; offset < pdf.length; offset += CHUNK) {
      client.socket.write(pdf.subarray(offset, offset + CHUNK));
      await pause(50);
    }
    client.socket.write(tail);
    await client.closedAfterMs;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    const stored = /"\/uploads\/([^"]+)"/.exec(client.received())![1];
    // Rewritten without metadata, with every byte of the filler still there.
    expect(statSync(path.join(ctx.config.uploadsDir, stored)).size).toBeGreaterThan(10 * 1024 * 1024);
    expect(readFileSync(path.join(ctx.config.uploadsDir, stored)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('closes an idle keep-alive connection after the keep-alive timeout, long before the idle timeout', async () => {
    const app = await createTestApp({ KEEP_ALIVE_TIMEOUT_SECONDS: '0.2', IDLE_TIMEOUT_SECONDS: '5' });
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const closedAfter = await new Promise<number>((resolve) => {
        const started = performance.now();
        const socket = net.connect((app.app.server.address() as AddressInfo).port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: site\r\n\r\n'));
        socket.resume();
        socket.on('close', () => resolve(performance.now() - started));
      });
      // Node keeps the socket open one second beyond the keep-alive it announces (keepAliveTimeoutBuffer).
      expect(closedAfter).toBeLessThan(2500);
    } finally {
      await app.cleanup();
    }
  });
});

describe('connections per address', () => {
  it('destroys connections beyond the cap from one address; /api/health still answers others', async () => {
    const flood = await Promise.all(Array.from({ length: 50 }, () => open('127.0.0.1')));
    await pause(300);
    const stillOpen = flood.filter((client) => !client.socket.destroyed);
    expect(stillOpen).toHaveLength(10);
    expect(ctx.app.connectionCounts.openFrom('127.0.0.1')).toBe(10);
    // Another client is not affected.
    const other = await open('127.0.0.2');
    other.socket.write('GET /api/health HTTP/1.1\r\nHost: site\r\nConnection: close\r\n\r\n');
    await other.closedAfterMs;
    expect(other.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const client of flood) client.socket.destroy();
    await pause(100);
    expect(ctx.app.connectionCounts.openFrom('127.0.0.1')).toBe(0);
  });

  it('counts a trusted proxy loosely: it carries every visitor', async () => {
    const proxied = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '10', TRUST_PROXY: '127.0.0.1' });
    try {
      await proxied.app.listen({ port: 0, host: '127.0.0.1' });
      const proxyPort = (proxied.app.server.address() as AddressInfo).port;
      const sockets = await Promise.all(Array.from({ length: 50 }, () => new Promise<net.Socket>((resolve) => {
        const socket = net.connect(proxyPort, '127.0.0.1', () => resolve(socket));
      })));
      await pause(300);
      expect(sockets.filter((socket) => socket.destroyed)).toHaveLength(0);
      expect(proxied.app.connectionCounts.openFrom('127.0.0.1')).toBe(50);
      for (const socket of sockets) socket.destroy();
    } finally {
      await proxied.cleanup();
    }
    expect(readdirSync(ctx.config.dataDir)).toContain('site.db');
  });
});
