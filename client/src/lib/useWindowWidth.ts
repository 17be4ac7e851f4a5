// The window width, updated on resize (throttled to one update per frame). The server, and the
// browser while hydrating, use the narrowest layout: phones are most visitors, and the server
// cannot know the width.
import { useSyncExternalStore } from 'react';

export const SERVER_WINDOW_WIDTH = 0;

function subscribe(onChange: () => void): () => void {
  let frame = 0;
  const onResize = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(onChange);
  };
  window.addEventListener('resize', onResize);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('resize', onResize);
  };
}

export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth, () => SERVER_WINDOW_WIDTH);
}
