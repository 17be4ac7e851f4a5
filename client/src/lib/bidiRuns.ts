// Staff-written text cut into runs that must keep their left-to-right reading order inside Arabic
// (right-to-left) text: phone numbers, e-mail and web addresses, and Latin words. Without isolation
// the Unicode bidi algorithm lays the digit groups of "+964 750 000 0301" out right to left, as
// "0301 000 750 964+". The runs are plain data: the renderer (components/StaffText.tsx) makes them
// text nodes and elements, so nothing a member of staff writes ever becomes HTML.

export type BidiRun =
  | { kind: 'text'; text: string }
  /** `dial` is what a tel: link dials: an optional '+' and Western digits only. */
  | { kind: 'phone'; text: string; dial: string }
  | { kind: 'email' | 'url' | 'latin'; text: string };

const DIGITS = '0-9\u0660-\u0669\u06F0-\u06F9';
const ARABIC_LETTERS = '\u0600-\u065F\u066E-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF';
const LATIN_LETTERS = 'A-Za-z\u00C0-\u024F';

/**
 * A phone number: '+' or '0' first (international "+964 …", "00964 …", or local "0770 …"), then
 * digits in groups split by one space, hyphen or parenthesis, 7 to 15 digits in all (checked
 * below). Years, article numbers and sums ("2012", "28", "1 500 000") do not start so.
 */
const PHONE = `(?:\\+|(?=\\(?[0\u0660\u06F0]))\\(?[${DIGITS}](?:[ \\-]?\\(?[${DIGITS}]\\)?)+`;
/** Tried only where a word starts (the lookbehind): a 100,000-letter word is read once, not once a letter. */
const EMAIL = '(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}';
/** Up to a space or an Arabic letter, without the sentence's closing mark. */
const URL = `(?<![A-Za-z])https?://[^\\s${ARABIC_LETTERS}]*[^\\s${ARABIC_LETTERS}.,;:!?)\\]،؛؟]`;
const TOKENS = new RegExp(`(${EMAIL})|(${URL})|(${PHONE})`, 'g');

/**
 * A Latin run inside Arabic text: from a Latin letter to the last Latin letter or digit before the
 * next Arabic letter or line end ("Law No. 28 of 2012", "Family Mall"); the punctuation that closes
 * the Arabic sentence after it stays outside, where the Arabic reader expects it.
 */
const LATIN = new RegExp(`[${LATIN_LETTERS}](?:[^${ARABIC_LETTERS}\\n]*[${LATIN_LETTERS}0-9])?`, 'g');
const HAS_ARABIC = new RegExp(`[${ARABIC_LETTERS}]`);
const DIGIT = new RegExp(`[${DIGITS}]`, 'g');

/** The number a tel: link dials: Arabic-Indic digits as Western ones, separators dropped. */
export function dialString(phone: string): string {
  const digits = (phone.match(DIGIT) ?? []).map((digit) => {
    const code = digit.charCodeAt(0);
    if (code >= 0x06f0) return String(code - 0x06f0);
    if (code >= 0x0660) return String(code - 0x0660);
    return digit;
  }).join('');
  return phone.startsWith('+') ? `+${digits}` : digits;
}

/** A phone match stands alone (not inside a longer number or word) and has 7 to 15 digits. */
function isPhone(text: string, found: string, start: number): boolean {
  const count = (found.match(DIGIT) ?? []).length;
  const around = `${text[start - 1] ?? ' '}${text[start + found.length] ?? ' '}`;
  return count >= 7 && count <= 15 && !new RegExp(`[${DIGITS}${LATIN_LETTERS}]`).test(around);
}

/** Splits text with no phone, e-mail or web address: Latin runs when it holds Arabic, else one run. */
function latinRuns(text: string, insideArabic: boolean, runs: BidiRun[]): void {
  if (!insideArabic) {
    if (text) runs.push({ kind: 'text', text });
    return;
  }
  let at = 0;
  for (const match of text.matchAll(LATIN)) {
    if (match.index > at) runs.push({ kind: 'text', text: text.slice(at, match.index) });
    runs.push({ kind: 'latin', text: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ kind: 'text', text: text.slice(at) });
}

/** The runs of `text`, in order; joined, their texts give `text` back unchanged. */
export function bidiRuns(text: string): BidiRun[] {
  const insideArabic = HAS_ARABIC.test(text);
  const runs: BidiRun[] = [];
  let at = 0;
  for (const match of text.matchAll(TOKENS)) {
    const [found, email, url, phone] = match;
    if (phone !== undefined && !isPhone(text, found, match.index)) continue;
    latinRuns(text.slice(at, match.index), insideArabic, runs);
    if (email !== undefined) runs.push({ kind: 'email', text: found });
    else if (url !== undefined) runs.push({ kind: 'url', text: found });
    else runs.push({ kind: 'phone', text: found, dial: dialString(found) });
    at = match.index + found.length;
  }
  latinRuns(text.slice(at), insideArabic, runs);
  return runs;
}
