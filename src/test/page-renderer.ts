// The server render straight from the client's sources (Vitest compiles the TSX), with the
// source page template: page tests need no client build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PageRenderer, ServerRender } from '../modules/pages/renderer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function sourcePageRenderer(): Promise<PageRenderer> {
  const entryUrl = pathToFileURL(path.join(root, 'client', 'src', 'entry-server.tsx')).href;
  const entry = (await import(/* @vite-ignore */ entryUrl)) as ServerRender;
  await entry.ready;
  return { entry, template: readFileSync(path.join(root, 'client', 'index.html'), 'utf8') };
}
