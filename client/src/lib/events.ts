// Page views and the Contact Us click go to this site's own POST /api/events, never to a third party.
import type { EventName } from '@shared/domain';

export type { EventName };

/** Staff screens are not visits: counting them would inflate the public figures staff read. */
export const isStaffPath = (path: string): boolean => /^\/(dashboard|login_page_2022)(\/|$)/.test(path);

export function sendEvent(name: EventName, path: string): void {
  const body = JSON.stringify({ name, path });
  try {
    // sendBeacon survives the page being left and never delays navigation.
    if (navigator.sendBeacon?.('/api/events', new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Fall through to fetch.
  }
  fetch('/api/events', { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true })
    .catch(() => { /* Analytics never disturbs the visitor. */ });
}
