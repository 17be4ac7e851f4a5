// A visitor's connection can drop in the middle of an upload: nothing of it may stay on disk.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_ADMIN, createTestApp, login, type TestContext } from '../../test/helpers';
import { makeImage, multipart } from '../../test/upload-files';

let ctx: TestContext;
let port: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app, TEST_ADMIN.email, TEST_ADMIN.password);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => ctx.cleanup());

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('leaves no file behind when the connection drops half way through a file', async () => {
  const image = Buffer.concat([await makeImage('png'), randomBytes(256 * 1024)]);
  const { payload, headers } = multipart([{ field: 'image', filename: 'a.png', contentType: 'image/png', data: image }]);
  const half = payload.subarray(0, Math.floor(payload.length / 2));
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`POST /api/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`);
  socket.write(half);
  // Wait until the server is writing the temporary file, then drop the connection.
  await waitFor(() => readdirSync(ctx.config.uploadsDir).some((name) => name.startsWith('.upload-')));
  socket.destroy();
  await waitFor(() => readdirSync(ctx.config.uploadsDir).length === 0);
  expect(readdirSync(ctx.config.uploadsDir)).toEqual([]);

  // The server is still healthy afterwards.
  const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(answer.status).toBe(200);
});
