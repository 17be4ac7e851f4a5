// Control characters: no stored text and no page carries them. Pasted text (from a PDF, a word
// processor, a terminal) can hold them, and a URL can carry %00; in HTML they are parse errors
// (the Nu checker reports each one), and a NUL in a title or link confuses browsers and robots.
// Tab, line feed and carriage return are text; the rest of C0, DEL and C1 are not. This file
// imports nothing: the web client uses it too.

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

/** Removes them from every string inside a parsed JSON value, in place (objects and arrays). */
export function removeControlCharactersIn(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    const container = next as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const child = container[key];
      if (typeof child === 'string') {
        const clean = withoutControlCharacters(child);
        if (clean !== child) container[key] = clean;
      } else if (child !== null && typeof child === 'object') {
        pending.push(child);
      }
    }
  }
}
