// The public pages scroll inside their own area, below the safety band (components/SafetyBar.tsx),
// not as the whole document: what the document would do by itself is done here.
import { useEffect } from 'react';

export const PAGE_SCROLLER_ID = 'page-scroll';

const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

function pageScroller(): HTMLElement | null {
  return document.getElementById(PAGE_SCROLLER_ID);
}

/** A new screen starts at its top, as a page load would. */
export function scrollPageToTop(): void {
  pageScroller()?.scrollTo(0, 0);
}

/**
 * The keyboard scrolls the focused element's area; with nothing focused (a page just loaded) the
 * browser would scroll the document, which does not move. A scrolling key then focuses the page's
 * area first, so PageDown, Space and the arrows read on as on any page.
 */
export function useKeyboardScrollsPage(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!SCROLL_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused !== document.documentElement) return;
      pageScroller()?.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
}
