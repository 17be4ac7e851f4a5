// Measures the hardening against a real listening server with the default settings:
//   errors   - the answer to a 979 KB login body with 90,000 unknown keys (size, time);
//   logins   - 200 parallel wrong logins from one address, in waves until every answer is 429;
//   timeouts - a client that stalls after 8 body bytes, one that drips its headers, and a steady
//              10 MB upload at 128 KB/s (takes about 80 s), at the real timeout defaults;
//   uploads  - the crafted 16-frame 2,500 x 2,500 GIF, seven 100-megapixel PNGs in one call, one
//              100-megapixel PNG and one noisy 7-megapixel photo: status, wall and CPU time, and
//              the files the uploads folder holds afterwards.
// Run: npm run measure:hardening [-- --only errors,logins,uploads]
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { hundredMegapixelPng, noisyPhoto, sixteenFrameGif } from '../src/test/crafted-images';

const ADMIN = { email: 'measure@example.org', password: 'measure-password-1' };
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : ['errors', 'logins', 'uploads', 'timeouts'];

async function errors(base: string, token: string): Promise<void> {
  const keys = Array.from({ length: 90_000 }, (_, n) => `"a${n}":0`).join(',');
  const cases = [
    { route: '/api/users/login (public)', url: `${base}/api/users/login`, body: `{"email":"a@example.org","password":"password-1",${keys}}`, headers: {} },
    { route: '/api/posts (staff)', url: `${base}/api/posts`, body: `{"title":"t","describtion":"d","language":"en","type":"Iraq",${keys}}`, headers: { authorization: `Bearer ${token}` } },
  ];
  for (const { route, url, body, headers } of cases) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const answer = await response.arrayBuffer();
    console.log(`errors: ${route}, ${(body.length / 1024).toFixed(0)} KB body with 90,000 unknown keys -> ${response.status}, ${answer.byteLength.toLocaleString('en')} bytes in ${(performance.now() - started).toFixed(0)} ms`);
  }
}

async function logins(base: string): Promise<void> {
  let checked = 0;
  const started = performance.now();
  for (let wave = 1; wave <= 30; wave += 1) {
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, n) => fetch(`${base}/api/users/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `w${wave}n${n}@example.org`, password: 'wrong-password' }),
    }).then((response) => response.status, () => 0)));
    const counted = (status: number) => statuses.filter((value) => value === status).length;
    console.log(`logins: wave ${wave} of 200 parallel wrong logins from one address: ${counted(401)} x 401 (password checked), ${counted(429)} x 429, ${counted(0)} dropped`);
    checked += counted(401);
    if (counted(401) === 0 || wave === 30) break;
  }
  console.log(`logins: ${checked} password checks in all, ${(performance.now() - started).toFixed(0)} ms`);
}

async function uploads(base: string, token: string, uploadsDir: string): Promise<void> {
  const [gif, png, photo] = [await sixteenFrameGif(), await hundredMegapixelPng(), await noisyPhoto()];
  const cases: Array<[string, string, string, Buffer[]]> = [
    ['16-frame 2,500 x 2,500 GIF', '/api/upload', 'image', [gif]],
    ['seven 100 MP PNGs in one call', '/api/upload/multi', 'pictures', Array.from({ length: 7 }, () => png)],
    ['one 100 MP PNG', '/api/upload', 'image', [png]],
    ['two 100 MP PNGs in one call (the bound)', '/api/upload/multi', 'pictures', [png, png]],
    ['one noisy 3,000 x 2,250 photo', '/api/upload', 'image', [photo]],
  ];
  for (const [name, url, field, files] of cases) {
    const form = new FormData();
    for (const file of files) form.append(field, new Blob([new Uint8Array(file)]), 'file');
    const before = readdirSync(uploadsDir).length;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).catch(() => null);
    const used = process.cpuUsage(cpu);
    const body = response ? await response.text() : '(no answer)';
    console.log(`uploads: ${name} (${(files.reduce((sum, file) => sum + file.length, 0) / 1024).toFixed(0)} KB) -> ${response?.status ?? 'dropped'} in ${(performance.now() - started).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU; files added: ${readdirSync(uploadsDir).length - before}${response && response.status >= 400 ? ` (${body.slice(0, 90)})` : ''}`);
  }
}

function connect(port: number): Promise<{ socket: net.Socket; closed: Promise<number>; received: () => string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => resolve({ socket, closed, received: () => received }));
    const closed = new Promise<number>((done) => socket.on('close', () => done(performance.now() - started)));
    socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
    socket.on('error', () => undefined);
  });
}

const withLimit = (promise: Promise<number>, ms: number) => Promise.race([promise, new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), ms))]);

async function timeouts(port: number, token: string): Promise<void> {
  const stalled = (async () => {
    const client = await connect(port);
    client.socket.write('POST /api/rating/website HTTP/1.1\r\nHost: site\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"rate":');
    const ms = await withLimit(client.closed, 120_000);
    client.socket.destroy();
    console.log(`timeouts: stalled body (8 bytes, then nothing) ${Number.isNaN(ms) ? 'still open after 120 s' : `closed by the server after ${(ms / 1000).toFixed(1)} s`}`);
  })();
  const dripping = (async () => {
    const client = await connect(port);
    const request = `GET /api/health HTTP/1.1\r\nHost: site\r\nX-Slow: ${'a'.repeat(500)}`;
    let sent = 0;
    const drip = setInterval(() => { if (sent < request.length && !client.socket.destroyed) client.socket.write(request[sent++]); }, 1000);
    const ms = await withLimit(client.closed, 120_000);
    clearInterval(drip);
    client.socket.destroy();
    console.log(`timeouts: headers dripped one byte a second ${Number.isNaN(ms) ? 'still open after 120 s' : `answered ${client.received().slice(9, 12)} and closed after ${(ms / 1000).toFixed(1)} s`}`);
  })();
  const upload = (async () => {
    const boundary = 'steady';
    const bytes = 10 * 1024 * 1024;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const client = await connect(port);
    const started = performance.now();
    client.socket.write(`POST /api/upload/pdf HTTP/1.1\r\nHost: site\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + bytes - 9 + tail.length}\r\nConnection: close\r\n\r\n`);
    client.socket.write(head);
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    for (let left = bytes - 9; left > 0; left -= chunk.length) {
      client.socket.write(left >= chunk.length ? chunk : chunk.subarray(0, left));
      await new Promise((resolve) => setTimeout(resolve, 125));
    }
    client.socket.write(tail);
    await client.closed;
    console.log(`timeouts: steady 10 MB upload at 128 KB/s -> ${client.received().slice(9, 12)} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  })();
  await Promise.all([stalled, dripping, upload]);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'measure-hardening-'));
// The login measure needs its 200 parallel sockets from one address: above the connection cap.
const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: '0', DAILY_BACKUPS_KEPT: '0', CLIENT_DIR: path.join(dataDir, 'none'), MAX_CONNECTIONS_PER_ADDRESS: '1000' });
const app = await buildApp(config, { logger: false });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const token = ((await (await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).json()) as { token: string }).token;
  if (only.includes('errors')) await errors(base, token);
  if (only.includes('logins')) await logins(base);
  if (only.includes('uploads')) await uploads(base, token, config.uploadsDir);
  if (only.includes('timeouts')) await timeouts(port, token);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
