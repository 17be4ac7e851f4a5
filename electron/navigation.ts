// Where a link or navigation from the kiosk window may go.
export type NavigationDecision = 'allow' | 'external' | 'deny';

/**
 * Same origin as the site: stays in the kiosk. Other web sites (social media, YouTube, the
 * quick exit), tel: and mailto: go to the system. Anything else (file:, javascript:, custom
 * schemes) is refused.
 */
export function decideNavigation(target: string, siteOrigin: string | null): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'deny';
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return siteOrigin !== null && url.origin === siteOrigin ? 'allow' : 'external';
  }
  if (url.protocol === 'tel:' || url.protocol === 'mailto:') return 'external';
  return 'deny';
}

/** True when the target is the site's quick-exit address (same origin and path). */
export function isQuickExit(target: string, quickExitUrl: string | null): boolean {
  if (!quickExitUrl) return false;
  try {
    const a = new URL(target);
    const b = new URL(quickExitUrl);
    return a.origin === b.origin && a.pathname === b.pathname;
  } catch {
    return false;
  }
}
