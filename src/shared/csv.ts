// CSV for spreadsheets: UTF-8 with a byte-order mark (so Arabic opens correctly in Excel),
// CRLF line ends and RFC 4180 quoting by csv-stringify, and every text cell that a spreadsheet
// would run as a formula (=, +, -, @, tab, CR first) prefixed with an apostrophe: page titles and
// paths come from staff and visitors, and a downloaded report must never execute them.
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number;

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return stringify([header, ...rows], { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}

/** Sends a CSV as a download; the file name is ASCII, built by the caller from known parts. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(csv, 'utf8'));
}

/** The OpenAPI description of a CSV answer. */
export const CsvResponseSchema = { type: 'string', description: 'CSV, UTF-8 with BOM' } as const;

