// A post page served by the server (possibly from a proxy's cache) does not read the post through
// the API, so the browser counts the view once it runs; a post loaded in the browser was counted
// by its read. A draft the server answered 404 for is read again with the staff member's token.
import { useEffect, useState } from 'react';
import type { PublicPost } from '@shared/api-types';
import { apiPaths } from '../api/paths';
import type { ApiResource } from '../api/useApi';
import { session } from '../state/session';

function countView(id: string): void {
  try {
    if (navigator.sendBeacon?.(apiPaths.postView(id))) return;
  } catch {
    // Fall through to fetch.
  }
  fetch(apiPaths.postView(id), { method: 'POST', keepalive: true }).catch(() => { /* A lost view never disturbs the visitor. */ });
}

export function usePostViewCount(id: string, state: ApiResource<PublicPost>): void {
  // What the first render had: an answer then came from the server's page, not from a read.
  const [first] = useState(() => ({ id, served: state.data !== null, missing: state.error?.status === 404 }));
  const { reload } = state;
  useEffect(() => {
    if (first.served && first.id === id) countView(id);
    // The public page of a draft is a 404; its author or an admin sees it with their token.
    if (first.missing && first.id === id && session.userInfo) reload();
  }, [first, id, reload]);
}
