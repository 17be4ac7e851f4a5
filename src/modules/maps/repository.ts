import { sql, type Kysely, type Selectable } from 'kysely';
import { BOTH_LANGUAGES, type ContentChanges } from '../../content-changes';
import type { BranchesTable, CitiesTable, Database } from '../../db/schema';
import { newId, nowIso } from '@shared/ids';
import type { Branch, City, CityInput } from './schema';

function toBranch(row: Selectable<BranchesTable>): Branch {
  return { address: row.address, addressAr: row.address_ar, phone: row.phone, email: row.email, lat: row.lat, lang: row.lng };
}

function toCity(row: Selectable<CitiesTable>, branches: Branch[]): City {
  return {
    thumbnailAltEn: row.thumbnail_alt_en,
    thumbnailAltAr: row.thumbnail_alt_ar,
    countryMapAltEn: row.country_map_alt_en,
    countryMapAltAr: row.country_map_alt_ar,
    cityMapAltEn: row.city_map_alt_en,
    cityMapAltAr: row.city_map_alt_ar,
    cityMapAddAltEn: row.city_map_add_alt_en,
    cityMapAddAltAr: row.city_map_add_alt_ar,
    _id: row.id,
    name: row.name,
    nameAr: row.name_ar,
    thumbnail: row.thumbnail,
    countryMap: row.country_map,
    cityMap: row.city_map,
    cityMapAdd: row.city_map_add,
    branch: branches,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function cityColumns(input: CityInput) {
  return {
    name: input.name.trim(),
    name_ar: input.nameAr?.trim() ?? '',
    thumbnail: input.thumbnail ?? '',
    country_map: input.countryMap ?? '',
    city_map: input.cityMap ?? '',
    city_map_add: input.cityMapAdd ?? '',
    thumbnail_alt_en: input.alts?.thumbnailAltEn ?? null,
    thumbnail_alt_ar: input.alts?.thumbnailAltAr ?? null,
    country_map_alt_en: input.alts?.countryMapAltEn ?? null,
    country_map_alt_ar: input.alts?.countryMapAltAr ?? null,
    city_map_alt_en: input.alts?.cityMapAltEn ?? null,
    city_map_alt_ar: input.alts?.cityMapAltAr ?? null,
    city_map_add_alt_en: input.alts?.cityMapAddAltEn ?? null,
    city_map_add_alt_ar: input.alts?.cityMapAddAltAr ?? null,
  };
}

/** True when an insert or update hit the case-insensitive unique index on city names. */
export function isDuplicateCityName(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && /cities\.name/.test(e.message ?? '');
}

/** Cities and their branches; a city's branch list is always replaced as a whole. */
export class CitiesRepository {
  constructor(private readonly db: Kysely<Database>, private readonly changes: ContentChanges) {}

  private announce(id: string): void {
    this.changes.announce({ kind: 'cities', cause: 'write', ids: [id], languages: BOTH_LANGUAGES });
  }

  /** Every city by name with its branches: two queries whatever the number of cities. */
  async list(): Promise<City[]> {
    const cities = await this.db.selectFrom('cities').selectAll().orderBy(sql`name COLLATE NOCASE`).execute();
    const branches = await this.db.selectFrom('branches').selectAll().orderBy('city_id').orderBy('position').execute();
    const byCity = new Map<string, Branch[]>();
    for (const row of branches) {
      const list = byCity.get(row.city_id) ?? [];
      list.push(toBranch(row));
      byCity.set(row.city_id, list);
    }
    return cities.map((row) => toCity(row, byCity.get(row.id) ?? []));
  }

  async findById(id: string): Promise<City | undefined> {
    const row = await this.db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toCity(row, await this.branchesOf(row.id));
  }

  /** Names are compared without case, as the unique index does: /maps/basra finds Basra. */
  async findByName(name: string): Promise<City | undefined> {
    const row = await this.db.selectFrom('cities').selectAll().where(sql<boolean>`name = ${name.trim()} COLLATE NOCASE`).executeTakeFirst();
    return row && toCity(row, await this.branchesOf(row.id));
  }

  async create(input: CityInput): Promise<City> {
    const now = nowIso();
    const row = { id: newId(), ...cityColumns(input), created_at: now, updated_at: now };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('cities').values(row).execute();
      await this.insertBranches(trx, row.id, input.branch);
    });
    this.announce(row.id);
    return (await this.findById(row.id))!;
  }

  /** Replaces the city's fields and its whole branch list; undefined when the id is unknown. */
  async update(id: string, input: CityInput): Promise<City | undefined> {
    const updated = await this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('cities').set({ ...cityColumns(input), updated_at: nowIso() }).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('branches').where('city_id', '=', id).execute();
      await this.insertBranches(trx, id, input.branch);
      return true;
    });
    if (!updated) return undefined;
    this.announce(id);
    return this.findById(id);
  }

  /** Removes the city; its branches go with it through the foreign key's ON DELETE CASCADE. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('cities').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    this.announce(id);
    return true;
  }

  private async branchesOf(cityId: string): Promise<Branch[]> {
    const rows = await this.db.selectFrom('branches').selectAll().where('city_id', '=', cityId).orderBy('position').execute();
    return rows.map(toBranch);
  }

  private async insertBranches(trx: Kysely<Database>, cityId: string, branches: CityInput['branch']): Promise<void> {
    if (branches.length === 0) return;
    await trx.insertInto('branches').values(branches.map((b, position) => ({
      city_id: cityId,
      position,
      address: b.address,
      address_ar: b.addressAr ?? '',
      phone: b.phone,
      email: b.email,
      lat: b.lat,
      lng: b.lang,
    }))).execute();
  }
}
