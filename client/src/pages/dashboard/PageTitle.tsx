// Each screen's h1 also names the browser tab, so screen-reader users hear where they landed.
import { useEffect } from 'react';

export function PageTitle({ text }: { text: string }) {
  useEffect(() => { document.title = text; }, [text]);
  return <h1 className="dash-title">{text}</h1>;
}
