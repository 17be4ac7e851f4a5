// Run under strace by src/modules/uploads/durable-upload.test.ts: starts the app on DATA_DIR,
// uploads one PDF (or with UPLOAD_KIND=image one photo) over a real socket, prints the stored
// path and exits.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { TEST_ADMIN, login, makeTestConfig } from './helpers';
import { makeImage, makePdf } from './upload-files';

const app = await buildApp(makeTestConfig(process.env.DATA_DIR!), { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const token = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
const asImage = process.env.UPLOAD_KIND === 'image';
const form = new FormData();
if (asImage) form.append('image', new Blob([await makeImage('jpeg', 2000)], { type: 'image/jpeg' }), 'a.jpg');
else form.append('pdf', new Blob([makePdf()], { type: 'application/pdf' }), 'a.pdf');
const response = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/upload${asImage ? '' : '/pdf'}`, {
  method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form,
});
console.log(`STORED ${response.status} ${await response.text()}`);
await app.close();
