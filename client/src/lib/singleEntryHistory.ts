// The public site keeps one entry in the tab's history: moving between its pages replaces that
// entry instead of adding one, so once the quick exit has replaced it with the neutral site, Back
// can never reach a page of the site (docs/decisions.md, "One history entry for the whole site").
// Moving back inside the site is the page's own Back link (components/BackLink.tsx), which follows
// the trail of pages opened in this tab, kept in that one entry's history state: it goes with the
// entry when the exit replaces it, and nothing is written to the browser's storage.
import { useEffect } from 'react';
import type { NavigateOptions } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { matchPublicRoute } from '../publicRoutes';

/** The pages a Back link can walk back through; older ones are forgotten. */
const TRAIL_LIMIT = 20;
const STAFF_PATH = /^\/(dashboard|login_page_2022)(\/|$)/i;

interface EntryState {
  /** The site's pages opened in this tab before this one, oldest first. */
  trail: string[];
}

/** Passed as a navigation's state by the Back link: the page it leads to leaves the trail. */
export const BACK_NAVIGATION = { back: true } as const;

export function pagesBefore(): string[] {
  const state = (typeof history === 'undefined' ? null : history.state) as Partial<EntryState> | null;
  return Array.isArray(state?.trail) ? state.trail.filter((page): page is string => typeof page === 'string') : [];
}

type Navigate = (to: string, options?: NavigateOptions) => void;

/**
 * The router's navigation (wouter's aroundNav): every move replaces the entry, carrying the trail
 * on; a move back (BACK_NAVIGATION) takes the last page off it.
 */
export function navigateInPlace(navigate: Navigate, to: string, options?: NavigateOptions): void {
  const here = window.location.pathname + window.location.search;
  const trail = pagesBefore();
  const back = (options?.state as { back?: unknown } | undefined)?.back === true;
  const next = back ? trail.slice(0, -1) : to === here ? trail : [...trail, here].slice(-TRAIL_LIMIT);
  navigate(to, { ...options, replace: true, state: { trail: next } satisfies EntryState });
}

/**
 * A link the router does not handle (a plain <a> to a page of the site) would add an entry too:
 * its click becomes the same in-place move, or, for an address the application does not show, a
 * page load that replaces the entry. Links to other sites, new tabs, downloads and modified
 * clicks are left alone; so is the dashboard (staff keep the browser's usual history).
 */
export function useLinksReplaceTheEntry(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      if (link.origin !== window.location.origin || STAFF_PATH.test(link.pathname)) return;
      // A link to a place on this very page (the skip link) is the browser's.
      if (link.hash && link.pathname === window.location.pathname && link.search === window.location.search) return;
      event.preventDefault();
      if (matchPublicRoute(link.pathname)) navigateInPlace(browserNavigate, link.pathname + link.search);
      else window.location.replace(link.href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}
