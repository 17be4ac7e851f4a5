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
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text cut for a description: whitespace folded, at most `max` characters, on a word. */
export function summary(text: string, max = 200): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(folded);
  if (chars.length <= max) return folded;
  const cut = chars.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
