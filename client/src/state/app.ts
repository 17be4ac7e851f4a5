// Application state of the public site (docs/product-rules.md, Data): theme, language, visitor
// count, the staff-configured settings, the success message and the website rating prompt.
import { proxy } from 'valtio';
import { DEFAULT_QUICK_EXIT_URL, type Language } from '@shared/domain';
import type { Settings } from '@shared/api-types';
import { api } from '../api/client';

export type Theme = 'dark' | 'light';

export { DEFAULT_QUICK_EXIT_URL };
const THEME_KEY = 'theme';
export const WEBSITE_RATE_KEY = 'websiteRate';
export const SERVICE_RATE_KEY = 'serviceRate';
/** docs/product-rules.md, Constants: the website rating prompt opens 60 s after the app loads. */
export const RATING_PROMPT_DELAY_MS = 60_000;

/** The website rating prompt: closed, opened by its timer, or opened on request (the /test page). */
export type RatingPromptState = null | 'by-itself' | 'on-request';

function readTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

export const appState = proxy({
  theme: readTheme(),
  language: 'en' as Language,
  visitorCount: null as number | null,
  settings: { quickExitUrl: DEFAULT_QUICK_EXIT_URL } as Settings,
  successMessage: '',
  ratingPrompt: null as RatingPromptState,
  /** On a post page with a counterpart: where the language switch leads for that language. */
  postTranslation: null as { id: string; language: Language } | null,
});

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('theme-dark', theme === 'dark');
  root.classList.toggle('theme-light', theme === 'light');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0b1f24' : '#f4faf9');
}

export function toggleTheme(): void {
  appState.theme = appState.theme === 'dark' ? 'light' : 'dark';
  applyTheme(appState.theme);
  try {
    localStorage.setItem(THEME_KEY, appState.theme);
  } catch {
    // Private mode without storage: the theme still changes for this visit.
  }
}

export function readStoredNumber(key: string): number | null {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function storeNumber(key: string, value: number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Storage refused: the vote still counted on the server.
  }
}

/**
 * Runs once at start: visitor count and settings, and the timer of the website rating prompt.
 * Settings the server already put in the page are not asked for again.
 */
export function startApp(preparedSettings?: Settings): void {
  applyTheme(appState.theme);
  api.get<{ count: number }>('/api/visitor')
    .then((answer) => { appState.visitorCount = answer.count; })
    .catch(() => { /* docs/product-rules.md, Messages: other failures are only logged; the contact page shows a dash. */ });
  if (preparedSettings?.quickExitUrl) {
    appState.settings.quickExitUrl = preparedSettings.quickExitUrl;
  } else {
    api.get<Settings>('/api/settings')
      .then((answer) => { if (answer?.quickExitUrl) appState.settings.quickExitUrl = answer.quickExitUrl; })
      .catch(() => { /* Keep the default neutral page. */ });
  }
  if (readStoredNumber(WEBSITE_RATE_KEY) === null) {
    window.setTimeout(() => {
      if (readStoredNumber(WEBSITE_RATE_KEY) === null && !appState.ratingPrompt) appState.ratingPrompt = 'by-itself';
    }, RATING_PROMPT_DELAY_MS);
  }
}
