// Text placed in HTML attributes and XML: the five characters that matter, and, for XML, the
// control characters XML 1.0 cannot carry at all (a post pasted from elsewhere may hold them).
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]);
}

const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return escapeHtml(text.replace(NOT_XML_CHAR, ''));
}

/**
 * JSON inside <script type="application/json">: no `</script>` or `<!--` can end or change the
 * element, and U+2028/2029 are written as escapes.
 */
export function jsonForScript(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}

/** The same for JSON already written as text. */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Where the first `count` code points of `text` end (its length when it has fewer). */
function endOfCodePoints(text: string, count: number): number {
  let index = 0;
  for (let seen = 0; seen < count && index < text.length; seen += 1) index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
  return index;
}

/** Plain text cut for a description: whitespace folded, at most `max` characters, on a word. */
export function summary(text: string, max = 200): string {
  // A long post's text is read only as far as its summary can reach: a folded character is at
  // most two UTF-16 units, so a prefix of 3 x max units holds enough unless it is mostly spaces.
  const reach = max * 3;
  if (text.length > reach) {
    const head = text.slice(0, reach).replace(/\s+/g, ' ').trimStart();
    if (head.length > max * 2) return summary(head, max);
  }
  const folded = text.replace(/\s+/g, ' ').trim();
  if (endOfCodePoints(folded, max) === folded.length) return folded;
  const cut = folded.slice(0, endOfCodePoints(folded, max - 1));
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
