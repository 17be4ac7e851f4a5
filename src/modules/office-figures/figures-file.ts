// Figures from a field office to headquarters: the office's daily visitor counts, daily page-view
// and contact-click counts per path, and daily rating counts per scope and stars, under the
// office's name and an export id, as gzipped JSON (gzip's CRC catches a damaged stick).
// At headquarters an import is idempotent: the same export id twice counts once; a newer export
// from the same office replaces that office's figures for the days it covers (fromDay..toDay),
// which is exact because a day's counts only grow; an older export is refused.
import { gunzipSync, gzipSync } from 'node:zlib';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Type, type Static } from 'typebox';
import { apiError } from '../../errors';
import { utcDay } from '@shared/days';
import { nowIso, stampedId, STAMPED_ID_PATTERN } from '@shared/ids';
import { figuresMessages } from './messages';
import type { LocalFigures, OfficeFiguresRepository } from './repository';

const STATS_FORMAT = 'anti-trafficking-site-office-figures';
const STATS_FORMAT_VERSION = 1;
/** Compressed and unpacked bounds: years of daily figures of a busy office fit many times over. */
export const STATS_LIMITS = { fileBytes: 50 * 1024 * 1024, unpackedBytes: 200 * 1024 * 1024 } as const;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Count = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });
const Rows = { maxItems: 5_000_000 };

const OfficeFiguresSchema = Type.Object({
  format: Type.Literal(STATS_FORMAT),
  formatVersion: Type.Literal(STATS_FORMAT_VERSION),
  exportId: Type.String({ pattern: STAMPED_ID_PATTERN }),
  office: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  createdAt: Type.String({ minLength: 10, maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}T' }),
  fromDay: Day,
  toDay: Day,
  visitors: Type.Array(Type.Object({ day: Day, count: Count }, { additionalProperties: false }), Rows),
  events: Type.Array(Type.Object({
    day: Day,
    name: Type.Union([Type.Literal('pageview'), Type.Literal('contact_click')]),
    path: Type.String({ minLength: 1, maxLength: 1000 }),
    count: Count,
  }, { additionalProperties: false }), Rows),
  ratings: Type.Array(Type.Object({
    day: Day,
    scope: Type.Union([Type.Literal('website'), Type.Literal('service')]),
    rate: Type.Integer({ minimum: 1, maximum: 5 }),
    count: Count,
  }, { additionalProperties: false }), Rows),
}, { additionalProperties: false });

export type OfficeFigures = Static<typeof OfficeFiguresSchema>;

/** Compiled by the first file read, not at start: most servers never read one (about 12 ms of every start). */
let figuresValidator: ValidateFunction<OfficeFigures> | undefined;
const validateFigures = (value: unknown): value is OfficeFigures =>
  (figuresValidator ??= new Ajv({ strict: false, coerceTypes: false, useDefaults: false }).compile(OfficeFiguresSchema) as ValidateFunction<OfficeFigures>)(value);

/** The key figures are stored under: the name without case, spacing or Unicode form differences. */
export function officeKeyOf(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function figuresFile(office: string, figures: LocalFigures, now = new Date()): { figures: OfficeFigures; bytes: Buffer } {
  const days = [...figures.visitors, ...figures.events, ...figures.ratings].map((row) => row.day).sort();
  const today = utcDay(now);
  const toDay = days.length > 0 && days[days.length - 1] > today ? days[days.length - 1] : today;
  const result: OfficeFigures = {
    format: STATS_FORMAT,
    formatVersion: STATS_FORMAT_VERSION,
    exportId: stampedId(now),
    office: office.trim(),
    createdAt: now.toISOString(),
    fromDay: days[0] ?? today,
    toDay,
    visitors: figures.visitors,
    events: figures.events,
    ratings: figures.ratings,
  };
  return { figures: result, bytes: gzipSync(JSON.stringify(result)) };
}

/** Writes the file under a temporary name and renames it when complete. */
export function writeFiguresFile(outFile: string, office: string, figures: LocalFigures, now = new Date()): OfficeFigures {
  const { figures: written, bytes } = figuresFile(office, figures, now);
  const partial = `${outFile}.partial`;
  try {
    writeFileSync(partial, bytes, { flag: 'wx' });
    renameSync(partial, outFile);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return written;
}

export function parseFiguresFile(bytes: Buffer): OfficeFigures {
  if (bytes.length > STATS_LIMITS.fileBytes) throw apiError(413, figuresMessages.tooLarge, 'stats');
  let value: unknown;
  try {
    value = JSON.parse(gunzipSync(bytes, { maxOutputLength: STATS_LIMITS.unpackedBytes }).toString('utf8')) as unknown;
  } catch {
    throw apiError(400, figuresMessages.statsDamaged, 'stats');
  }
  if (!validateFigures(value)) throw apiError(400, figuresMessages.statsDamaged, 'stats');
  const inRange = (day: string) => day >= value.fromDay && day <= value.toDay;
  const rows = [...value.visitors, ...value.events, ...value.ratings];
  const unique = (keys: string[]) => new Set(keys).size === keys.length;
  const keysUnique = unique(value.visitors.map((row) => row.day))
    && unique(value.events.map((row) => `${row.day}\u0000${row.name}\u0000${row.path}`))
    && unique(value.ratings.map((row) => `${row.day}\u0000${row.scope}\u0000${row.rate}`));
  if (value.fromDay > value.toDay || !rows.every((row) => inRange(row.day)) || !keysUnique || officeKeyOf(value.office) === '') {
    throw apiError(400, figuresMessages.statsDamaged, 'stats');
  }
  return value;
}

interface FiguresImportReport {
  office: string;
  exportId: string;
  createdAt: string;
  fromDay: string;
  toDay: string;
  /** True when this very file was imported before: nothing changed. */
  alreadyImported: boolean;
}

export async function importFigures(repository: OfficeFiguresRepository, bytes: Buffer): Promise<FiguresImportReport> {
  const figures = parseFiguresFile(bytes);
  const officeKey = officeKeyOf(figures.office);
  const report = { office: figures.office, exportId: figures.exportId, createdAt: figures.createdAt, fromDay: figures.fromDay, toDay: figures.toDay };
  return repository.transaction(() => {
    if (repository.findImport(figures.exportId)) return { ...report, alreadyImported: true };
    const last = repository.lastImport(officeKey);
    if (last && figures.createdAt <= last.createdAt) throw apiError(409, figuresMessages.statsOlder, 'stats');
    repository.replaceOfficeFigures({ ...report, officeKey, officeName: figures.office, importedAt: nowIso() }, figures);
    return { ...report, alreadyImported: false };
  });
}
