// Text staff wrote, shown to visitors: phone numbers, e-mail and web addresses and Latin runs are
// isolated left to right (<bdi dir="ltr">), so they keep their reading order inside Arabic text;
// with `callable`, phone numbers become tap-to-call links. Only text nodes and elements are made
// (never HTML from the text), the same on the server and in the browser, so hydration matches.
import { Fragment, type ReactNode } from 'react';
import { bidiRuns } from '../lib/bidiRuns';
import type { ShownText as ShownTextValue } from '../lib/placeNames';

export function StaffText({ text, callable = false }: { text: string; callable?: boolean }): ReactNode {
  return bidiRuns(text).map((run, index) => {
    if (run.kind === 'text') return <Fragment key={index}>{run.text}</Fragment>;
    const isolated = <bdi dir="ltr" key={index}>{run.text}</bdi>;
    if (run.kind === 'phone' && callable) return <a key={index} href={`tel:${run.dial}`}>{isolated}</a>;
    return isolated;
  });
}

/**
 * A city's name or a branch's address in the page's language (lib/placeNames.ts). The Latin text
 * standing in on an Arabic page is one left-to-right run: "100m Road" keeps its number in front.
 */
export function ShownText({ value }: { value: ShownTextValue }): ReactNode {
  const text = <StaffText text={value.text} />;
  return value.lang ? <bdi dir="ltr" lang={value.lang}>{text}</bdi> : text;
}
