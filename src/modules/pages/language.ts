// The visitor's language on the first byte: the i18next cookie the site's language switch keeps,
// else the browser's Accept-Language, else English.
import type { Language } from '@shared/domain';

function supported(tag: string | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'ar' || primary === 'en' ? primary : undefined;
}

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The supported language the browser prefers most (highest q, then the order given). */
export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header.slice(0, 1000).split(',').map((entry, order) => {
    const [tag, ...params] = entry.split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return { language: supported(tag), q: Number.isFinite(q) ? q : 0, order };
  });
  const best = ranked
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)[0];
  return best?.language;
}

export function pickLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  return supported(cookieValue(cookieHeader, 'i18next')) ?? fromAcceptLanguage(acceptLanguage) ?? 'en';
}
