// The fonts a page asks for before its stylesheet names them: on an Arabic page, the everyday
// Arabic faces (scripts/make-fonts.mjs writes them), which its text needs at once. English pages
// preload nothing: their Latin faces are small and swap over a metric-matched fallback.
import type { Language } from '@shared/domain';

const PRELOADED: Record<Language, string[]> = {
  en: [],
  ar: ['src/fonts/noto-sans-arabic-400.woff2', 'src/fonts/noto-sans-arabic-700.woff2'],
};

export type FontPreloads = Record<Language, string[]>;

/** The built (hashed) addresses of each language's preloaded fonts, read from Vite's manifest. */
export function fontPreloadsOf(manifest: Record<string, { file?: string }>): FontPreloads {
  const built = (source: string) => manifest[source]?.file;
  return {
    en: PRELOADED.en.map(built).filter((file): file is string => !!file).map((file) => `/${file}`),
    ar: PRELOADED.ar.map(built).filter((file): file is string => !!file).map((file) => `/${file}`),
  };
}

/** The <link> tags; fonts are fetched in CORS mode, so the preload must be too, or it is wasted. */
export function fontPreloadTags(paths: readonly string[]): string[] {
  return paths.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin />`);
}
