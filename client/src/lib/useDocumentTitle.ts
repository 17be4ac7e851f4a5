import { useEffect } from 'react';
import { useShellTranslation } from './useShellTranslation';
import { usePageFacts, type PageFacts } from '../ssr/context';

export type PageDetails = Omit<PageFacts, 'status' | 'title'>;

/**
 * Names the browser tab after the screen, so screen readers announce where a link led. On the
 * server the same call describes the page for its <head> (link previews, search engines).
 */
export function useDocumentTitle(title: string | undefined, details?: PageDetails): void {
  const { t } = useShellTranslation();
  const facts = usePageFacts();
  // Render-time write on purpose: the server renders once, without effects, into a fresh collector.
  if (facts) Object.assign(facts, { title }, details);
  useEffect(() => {
    document.title = title ? `${title} | ${t('site.name')}` : t('site.name');
  }, [title, t]);
}

/** A screen that stands for a missing page answers 404 when rendered on the server. */
export function useNotFoundStatus(): void {
  const facts = usePageFacts();
  if (facts) Object.assign(facts, { status: 404, noindex: true });
}
