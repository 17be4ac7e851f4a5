// The server renders the public layout once for many pages (entry-server.tsx): with these
// stand-ins in place of what differs from page to page, the screen and the language switch (whose
// links name the page's address in each language). In the browser, and in a whole render, there
// are none and the layout renders its own parts.
import { createContext, useContext, type ReactNode } from 'react';

export interface LayoutSlots {
  screen: ReactNode;
  languageSwitch: ReactNode;
}

export const LayoutSlotsContext = createContext<LayoutSlots | null>(null);

export function useLayoutSlots(): LayoutSlots | null {
  return useContext(LayoutSlotsContext);
}
