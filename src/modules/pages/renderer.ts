// Loads the web client's server render (client/dist/ssr/entry-server.js, built by
// `npm run build:client`) and its page template, with the first page asked for; the page
// addresses are read at start from the file the build writes beside it. Without that build the
// site is served as before: index.html for every page, rendered in the browser.
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
/** The render's routePatterns, written beside it by `npm run build:client` (scripts/build-client.mjs). */
export const ROUTE_PATTERNS_FILE = path.join('ssr', 'route-patterns.json');

/**
 * The public pages' addresses, known at start, and their render, loaded by the first page asked
 * for: loading it (React, every screen, both languages' texts) cost about 50 ms of CPU and 12 MB
 * at every start, before any visitor (docs/decisions.md, "Cold start: what could wait, measured").
 */
export interface PageRenderSource {
  routePatterns: readonly string[];
  /** The render, loaded once: concurrent first pages wait for the same load; a failed load is tried again by the next page. */
  load(): Promise<PageRenderer>;
}

/** A render already loaded (the tests' render from the sources). */
export function loadedPageRender(renderer: PageRenderer): PageRenderSource {
  const loaded = Promise.resolve(renderer);
  return { routePatterns: renderer.entry.routePatterns, load: () => loaded };
}

/**
 * The built render in clientDir, or null when the client or its render is not built. A build
 * from before route-patterns.json existed has its render loaded now, for its patterns.
 */
export async function builtPageRender(clientDir: string): Promise<PageRenderSource | null> {
  const entryFile = path.join(clientDir, SSR_ENTRY);
  const templateFile = path.join(clientDir, 'index.html');
  if (!existsSync(entryFile) || !existsSync(templateFile)) return null;
  const patternsFile = path.join(clientDir, ROUTE_PATTERNS_FILE);
  if (!existsSync(patternsFile)) return loadedPageRender(await loadPageRenderer(entryFile, clientDir));
  let loading: Promise<PageRenderer> | undefined;
  return {
    routePatterns: JSON.parse(readFileSync(patternsFile, 'utf8')) as string[],
    load() {
      loading ??= loadPageRenderer(entryFile, clientDir).catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}

async function loadPageRenderer(entryFile: string, clientDir: string): Promise<PageRenderer> {
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerRender;
  await entry.ready;
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const fontPreloads = existsSync(manifestFile) ? fontPreloadsOf(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string }>) : undefined;
  return { entry, template: readFileSync(path.join(clientDir, 'index.html'), 'utf8'), fontPreloads };
}
