// An Arabic page asks for its Arabic faces with the HTML (the build's hashed names, from Vite's
// manifest); an English page asks for none, and never for an Arabic font.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { makeTestConfig } from '../../test/helpers';
import { sourcePageRenderer } from '../../test/page-renderer';
import { fontPreloadsOf } from './font-preloads';

const manifest = {
  'src/fonts/noto-sans-arabic-400.woff2': { file: 'assets/noto-sans-arabic-400-Cx31UVjQ.woff2' },
  'src/fonts/noto-sans-arabic-700.woff2': { file: 'assets/noto-sans-arabic-700-BcWVal1i.woff2' },
  'src/fonts/noto-sans-arabic-more-400.woff2': { file: 'assets/noto-sans-arabic-more-400-CWFldTsy.woff2' },
  'src/fonts/noto-sans-400.woff2': { file: 'assets/noto-sans-400-BfxQKSPT.woff2' },
};

describe('font preloads', () => {
  it('name the everyday Arabic faces of the build for Arabic pages, and nothing for English ones', () => {
    expect(fontPreloadsOf(manifest)).toEqual({
      en: [],
      ar: ['/assets/noto-sans-arabic-400-Cx31UVjQ.woff2', '/assets/noto-sans-arabic-700-BcWVal1i.woff2'],
    });
    expect(fontPreloadsOf({})).toEqual({ en: [], ar: [] });
  });

  it('are in the head of Arabic pages, in CORS mode as fonts are fetched, and absent from English pages', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'font-preloads-'));
    const renderer = { ...(await sourcePageRenderer()), fontPreloads: fontPreloadsOf(manifest) };
    const app = await buildApp(makeTestConfig(dataDir), { logger: false, pageRenderer: renderer });
    try {
      const arabic = (await app.inject({ url: '/', headers: { cookie: 'i18next=ar' } })).body;
      const head = arabic.slice(0, arabic.indexOf('</head>'));
      expect(head).toContain('<link rel="preload" href="/assets/noto-sans-arabic-400-Cx31UVjQ.woff2" as="font" type="font/woff2" crossorigin />');
      expect(head).toContain('<link rel="preload" href="/assets/noto-sans-arabic-700-BcWVal1i.woff2" as="font" type="font/woff2" crossorigin />');
      const english = (await app.inject({ url: '/', headers: { cookie: 'i18next=en' } })).body;
      expect(english).not.toMatch(/rel="preload"[^>]*as="font"/);
      expect(english).not.toMatch(/arabic[^"]*\.woff2/);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
