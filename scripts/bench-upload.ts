// npm run bench:upload: what one photo upload costs the bundled server. Starts dist/server.mjs on
// an empty DATA_DIR, reads its resident memory at rest, uploads a 12-megapixel phone-sized JPEG
// (re-encoded to WebP with its four variants), then a PDF, and reads the memory again: right
// after each upload and ten seconds later. sharp (and the PDF library) load on the first upload.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { freePort, projectRoot, spawnServer, waitForHealth } from './lib/server-process';
import { isStale } from './start.mjs';

const bundle = path.join(projectRoot, 'dist', 'server.mjs');
const admin = { email: 'admin@example.org', password: 'bench-password-1' };

if (isStale(bundle, [path.join(projectRoot, 'src'), path.join(projectRoot, 'scripts', 'build-server.mjs')])) {
  console.log('building dist/server.mjs ...');
  if (spawnSync(process.execPath, [path.join(projectRoot, 'scripts', 'build-server.mjs')], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 4,000 × 3,000 photo-like JPEG (noise compresses like a real photo). */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 90, g: 120, b: 150 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 90 }).toBuffer();
}

/** A 50-page text document with an author, as an office writer saves it. */
async function document(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setAuthor('Bench Author');
  for (let page = 1; page <= 50; page += 1) pdf.addPage([595, 842]).drawText(`Page ${page}: the law on trafficking in persons.`, { x: 50, y: 780, size: 14 });
  return pdf.save();
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-upload-'));
const port = await freePort();
const server = spawnServer(bundle, { DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, CLIENT_DIR: path.join(dataDir, 'no-client') }, port);
try {
  await waitForHealth(server);
  const pid = server.child.pid as number;
  await sleep(2000);
  const rows: Array<[string, string]> = [['at rest, before any upload', `${rssMb(pid).toFixed(0)} MB`]];
  const { token } = await (await fetch(`${server.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })).json() as { token: string };

  const image = await photo();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const answer = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!answer.ok) throw new Error(`upload failed: ${answer.status} ${await answer.text()}`);
  const took = performance.now() - started;
  rows.push([`right after a ${(image.length / 1024 / 1024).toFixed(1)} MB 4000×3000 JPEG (${took.toFixed(0)} ms)`, `${rssMb(pid).toFixed(0)} MB`]);
  await sleep(10_000);
  rows.push(['10 s later', `${rssMb(pid).toFixed(0)} MB`]);

  const pdfForm = new FormData();
  pdfForm.append('pdf', new Blob([new Uint8Array(await document())], { type: 'application/pdf' }), 'doc.pdf');
  const pdfAnswer = await fetch(`${server.url}/api/upload/pdf`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: pdfForm });
  if (!pdfAnswer.ok) throw new Error(`PDF upload failed: ${pdfAnswer.status}`);
  rows.push(['right after a PDF upload', `${rssMb(pid).toFixed(0)} MB`]);

  console.log(`\nbundled server, Node ${process.version}\n`);
  console.log('| moment | RSS |\n|---|---|');
  for (const [moment, rss] of rows) console.log(`| ${moment} | ${rss} |`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
