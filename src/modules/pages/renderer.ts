// Loads the web client's server render (client/dist/ssr/entry-server.js, built by
// `npm run build:client`) and its page template. Without that build the site is served as
// before: index.html for every page, rendered in the browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language, PageFacts } from '@shared/domain';
import type { PageDataNeed, PreparedAnswers } from '@shared/page-data';
import { fontPreloadsOf, type FontPreloads } from './font-preloads';

/** Layouts the render has made, by language and layout key (its own keys and values). */
export type LayoutMemory = Map<string, unknown>;

/** What client/src/entry-server.tsx exports (kept in step by the page tests). */
export interface ServerRender {
  ready: Promise<unknown>;
  routePatterns: string[];
  dataForPage(pathname: string, search: string, language: Language): PageDataNeed[];
  /** With `memory`, the layout around a screen is rendered once per language and layout key and kept there. */
  render(input: { url: string; language: Language; answers: PreparedAnswers }, memory?: LayoutMemory): { html: string; facts: PageFacts };
  PAGE_DATA_ELEMENT_ID: string;
}

export interface PageRenderer {
  entry: ServerRender;
  /** The built index.html, with its markers for head, root and data. */
  template: string;
  /** The fonts each language's pages preload (none when the build has no manifest). */
  fontPreloads?: FontPreloads;
}

const SSR_ENTRY = path.join('ssr', 'entry-server.js');

/** The built render and template in clientDir, or null when the client or its render is not built. */
export async function loadPageRenderer(clientDir: string): Promise<PageRenderer | null> {
  const entryFile = path.join(clientDir, SSR_ENTRY);
  const templateFile = path.join(clientDir, 'index.html');
  if (!existsSync(entryFile) || !existsSync(templateFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerRender;
  await entry.ready;
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const fontPreloads = existsSync(manifestFile) ? fontPreloadsOf(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string }>) : undefined;
  return { entry, template: readFileSync(templateFile, 'utf8'), fontPreloads };
}
