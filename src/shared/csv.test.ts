// The CSV writer, read back by an independent parser (csv-parse), as a spreadsheet would read it.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

const readBack = (csv: string) => parse(csv, { bom: true }) as string[][];

describe('toCsv', () => {
  it('starts with a UTF-8 byte-order mark and ends lines with CRLF', () => {
    const bytes = Buffer.from(toCsv(['a'], [['b']]), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('a\r\nb\r\n');
  });

  it('round-trips Arabic, commas, quotes and line breaks', () => {
    const rows = [['الاتّجار بالبشر، دليل', 'say "no", then leave'], ['line one\nline two', '٣ أيام']];
    expect(readBack(toCsv(['العنوان', 'Title'], rows))).toEqual([['العنوان', 'Title'], ...rows]);
  });

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    const attacks = ['=HYPERLINK("http://evil.example","x")', '+cmd|\' /C calc\'!A0', '-2+3', '@SUM(1,2)', '\t=1+1', '\r=1+1'];
    const back = readBack(toCsv(['cell'], attacks.map((value) => [value])));
    expect(back.slice(1).map(([cell]) => cell)).toEqual(attacks.map((value) => `'${value}`));
    // Numbers and ordinary text are left alone.
    expect(readBack(toCsv(['n', 't'], [[42, 'a=b'], [0, '/p/abc']])).slice(1)).toEqual([['42', 'a=b'], ['0', '/p/abc']]);
  });
});
