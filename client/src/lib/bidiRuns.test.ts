import { describe, expect, it } from 'vitest';
import { bidiRuns, dialString } from './bidiRuns';

const kinds = (text: string) => bidiRuns(text).map((run) => `${run.kind}:${run.text}`);

describe('bidiRuns: what keeps its left-to-right order inside staff text', () => {
  it('finds an international phone number inside Arabic text, with the number a tel: link dials', () => {
    const runs = bidiRuns('يجيب مكتب أربيل على الرقم +964 750 000 0301.');
    expect(runs).toEqual([
      { kind: 'text', text: 'يجيب مكتب أربيل على الرقم ' },
      { kind: 'phone', text: '+964 750 000 0301', dial: '+9647500000301' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('finds local and 00-prefixed numbers, with hyphens or parentheses, and in Arabic-Indic digits', () => {
    expect(kinds('اتصل 0770-000-0101 أو (0770) 000 0102 أو 00964 770 000 0103')).toEqual([
      'text:اتصل ', 'phone:0770-000-0101', 'text: أو ', 'phone:(0770) 000 0102', 'text: أو ', 'phone:00964 770 000 0103',
    ]);
    const [, indic] = bidiRuns('الرقم ٠٧٧٠ ٠٠٠ ٠١٠١');
    expect(indic).toEqual({ kind: 'phone', text: '٠٧٧٠ ٠٠٠ ٠١٠١', dial: '07700000101' });
  });

  it('leaves years, article numbers, sums, short codes and dates as text', () => {
    for (const text of ['قانون رقم 28 لسنة 2012', 'غرامة 1 500 000 دينار', 'الخط الساخن 533', 'بتاريخ 2012-05-14', 'الرقم 0770', '12345678901234567890']) {
      expect(bidiRuns(text).some((run) => run.kind === 'phone'), text).toBe(false);
    }
  });

  it('isolates e-mail and web addresses, leaving the sentence\'s closing mark outside', () => {
    expect(kinds('راسلونا على help@example.org أو زوروا https://example.org/ar/help.')).toEqual([
      'text:راسلونا على ', 'email:help@example.org', 'text: أو زوروا ', 'url:https://example.org/ar/help', 'text:.',
    ]);
  });

  it('isolates Latin runs inside Arabic text, up to their last letter or digit', () => {
    expect(kinds('صدر Law No. 28 of 2012، ثم قرب Family Mall.')).toEqual([
      'text:صدر ', 'latin:Law No. 28 of 2012', 'text:، ثم قرب ', 'latin:Family Mall', 'text:.',
    ]);
  });

  it('leaves English text whole, only its phone numbers and addresses apart', () => {
    expect(kinds('Call the Erbil office on +964 750 000 0301 or write to erbil@example.org.')).toEqual([
      'text:Call the Erbil office on ', 'phone:+964 750 000 0301', 'text: or write to ', 'email:erbil@example.org', 'text:.',
    ]);
  });

  it('gives back exactly the text it was given, markup included, as text', () => {
    for (const text of ['<img src=x onerror=alert(1)> +964 750 000 0301 </bdi><script>', 'سطر\nسطر Latin\n+964 750 000 0301', '', '   ']) {
      expect(bidiRuns(text).map((run) => run.text).join('')).toBe(text);
    }
  });

  it('reads a text as long as a page text may be (100,000 characters) in one pass, whatever it holds', () => {
    // Each of these made an earlier pattern retry at every letter: seconds to minutes for one render.
    for (const text of ['x'.repeat(100_000), `ب ${'x'.repeat(100_000)}`, `${'a.'.repeat(50_000)}@`, `ب a${'!'.repeat(100_000)}`, '0'.repeat(100_000), '+1'.repeat(50_000)]) {
      expect(bidiRuns(text).map((run) => run.text).join('')).toBe(text);
    }
  });

  it('dials digits only, whatever the separators', () => {
    expect(dialString('+964 (750) 000-0301')).toBe('+9647500000301');
    expect(dialString('٠٧٧٠ ٠٠٠ ٠١٠١')).toBe('07700000101');
  });
});
