// Whole cities with their branches as records, read and written synchronously inside a caller's
// transaction: what content bundles carry (see posts/record-store.ts for why synchronous).
import type SQLite from 'better-sqlite3';
import { preparedOnce } from '../../db/statements';

export interface BranchRecord {
  address: string;
  addressAr: string;
  phone: string;
  email: string;
  lat: number | null;
  lng: number | null;
}

export interface CityRecord {
  id: string;
  name: string;
  nameAr: string;
  thumbnail: string;
  countryMap: string;
  cityMap: string;
  cityMapAdd: string;
  thumbnailAltEn: string | null;
  thumbnailAltAr: string | null;
  countryMapAltEn: string | null;
  countryMapAltAr: string | null;
  cityMapAltEn: string | null;
  cityMapAltAr: string | null;
  cityMapAddAltEn: string | null;
  cityMapAddAltAr: string | null;
  branches: BranchRecord[];
  createdAt: string;
  updatedAt: string;
}

interface CityRow {
  id: string; name: string; name_ar: string; thumbnail: string; country_map: string; city_map: string; city_map_add: string; created_at: string; updated_at: string;
  thumbnail_alt_en: string | null; thumbnail_alt_ar: string | null; country_map_alt_en: string | null; country_map_alt_ar: string | null;
  city_map_alt_en: string | null; city_map_alt_ar: string | null; city_map_add_alt_en: string | null; city_map_add_alt_ar: string | null;
}
interface BranchRow { city_id: string; address: string; address_ar: string; phone: string; email: string; lat: number | null; lng: number | null }

const ALT_COLUMNS = ['thumbnail_alt_en', 'thumbnail_alt_ar', 'country_map_alt_en', 'country_map_alt_ar', 'city_map_alt_en', 'city_map_alt_ar',
  'city_map_add_alt_en', 'city_map_add_alt_ar'] as const;

/** The city's alt texts in the order of ALT_COLUMNS. */
function altsOf(city: CityRecord): Array<string | null> {
  return [city.thumbnailAltEn, city.thumbnailAltAr, city.countryMapAltEn, city.countryMapAltAr, city.cityMapAltEn, city.cityMapAltAr,
    city.cityMapAddAltEn, city.cityMapAddAltAr];
}

function recordOf(row: CityRow, branches: BranchRow[]): CityRecord {
  return {
    id: row.id, name: row.name, nameAr: row.name_ar, thumbnail: row.thumbnail, countryMap: row.country_map, cityMap: row.city_map, cityMapAdd: row.city_map_add,
    thumbnailAltEn: row.thumbnail_alt_en, thumbnailAltAr: row.thumbnail_alt_ar,
    countryMapAltEn: row.country_map_alt_en, countryMapAltAr: row.country_map_alt_ar,
    cityMapAltEn: row.city_map_alt_en, cityMapAltAr: row.city_map_alt_ar,
    cityMapAddAltEn: row.city_map_add_alt_en, cityMapAddAltAr: row.city_map_add_alt_ar,
    branches: branches.map((b) => ({ address: b.address, addressAr: b.address_ar, phone: b.phone, email: b.email, lat: b.lat, lng: b.lng })),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const BRANCHES = 'SELECT city_id, address, address_ar, phone, email, lat, lng FROM branches';

const SQL = {
  find: 'SELECT * FROM cities WHERE id = ?',
  branchesOf: `${BRANCHES} WHERE city_id = ? ORDER BY position`,
  // Oldest first, then in the order written: inserted so elsewhere, ties in the lists sort alike.
  all: 'SELECT * FROM cities ORDER BY created_at, rowid',
  allBranches: `${BRANCHES} ORDER BY city_id, position`,
  idNamed: 'SELECT id FROM cities WHERE name = ? COLLATE NOCASE',
  rename: 'UPDATE cities SET name = ? WHERE id = ?',
  update: `UPDATE cities SET name = ?, name_ar = ?, thumbnail = ?, country_map = ?, city_map = ?, city_map_add = ?, ${ALT_COLUMNS.map((column) => `${column} = ?`).join(', ')},
    created_at = ?, updated_at = ? WHERE id = ?`,
  insert: `INSERT INTO cities (id, name, name_ar, thumbnail, country_map, city_map, city_map_add, ${ALT_COLUMNS.join(', ')}, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ${ALT_COLUMNS.map(() => '?').join(', ')}, ?, ?)`,
  removeBranches: 'DELETE FROM branches WHERE city_id = ?',
  insertBranch: 'INSERT INTO branches (city_id, position, address, address_ar, phone, email, lat, lng) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  // Branches go with their city (ON DELETE CASCADE).
  remove: 'DELETE FROM cities WHERE id = ?',
} as const;

export class CityRecordStore {
  private readonly statement;

  constructor(sqlite: SQLite.Database) {
    this.statement = preparedOnce(sqlite);
  }

  find(id: string): CityRecord | undefined {
    const row = this.statement(SQL.find).get(id) as CityRow | undefined;
    return row && recordOf(row, this.statement(SQL.branchesOf).all(id) as BranchRow[]);
  }

  all(): CityRecord[] {
    const byCity = new Map<string, BranchRow[]>();
    for (const branch of this.statement(SQL.allBranches).all() as BranchRow[]) byCity.set(branch.city_id, [...(byCity.get(branch.city_id) ?? []), branch]);
    return (this.statement(SQL.all).all() as CityRow[]).map((row) => recordOf(row, byCity.get(row.id) ?? []));
  }

  /** The id of the city called `name` (without case, as the unique index compares). */
  idNamed(name: string): string | undefined {
    return (this.statement(SQL.idNamed).get(name) as { id: string } | undefined)?.id;
  }

  /** Gives a city another name (a copy moving names around inside its transaction). */
  rename(id: string, name: string): void {
    this.statement(SQL.rename).run(name, id);
  }

  /** Creates or replaces the city under its own id, with its whole branch list. */
  put(city: CityRecord, exists: boolean): void {
    const fields = [city.name, city.nameAr, city.thumbnail, city.countryMap, city.cityMap, city.cityMapAdd, ...altsOf(city), city.createdAt, city.updatedAt];
    if (exists) {
      this.statement(SQL.update).run(...fields, city.id);
      this.statement(SQL.removeBranches).run(city.id);
    } else {
      this.statement(SQL.insert).run(city.id, ...fields);
    }
    city.branches.forEach((branch, position) => {
      this.statement(SQL.insertBranch).run(city.id, position, branch.address, branch.addressAr, branch.phone, branch.email, branch.lat, branch.lng);
    });
  }

  remove(id: string): void {
    this.statement(SQL.remove).run(id);
  }
}
