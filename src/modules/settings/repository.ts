// Settings are key/value rows; values are JSON so a later setting may be a number or a flag. The
// public settings are declared in definitions.ts; a feature may keep private rows of its own
// (readPrivate, writePrivate), which GET /api/settings never shows.
import type { Kysely } from 'kysely';
import { BOTH_LANGUAGES, type ContentChanges } from '../../content-changes';
import type { Database } from '../../db/schema';
import { SETTING_KEYS, defaultSettings, type Settings } from './definitions';

export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>, private readonly changes: ContentChanges) {}

  /** Stored values over the defaults; unknown or unreadable rows are ignored. */
  async read(): Promise<Settings> {
    const settings: Record<string, unknown> = defaultSettings();
    const rows = await this.db.selectFrom('settings').selectAll().where('key', 'in', SETTING_KEYS).execute();
    for (const row of rows) {
      try {
        settings[row.key] = JSON.parse(row.value) as unknown;
      } catch {
        // A hand-edited row that is not JSON: keep the default rather than fail the public page.
      }
    }
    return settings as Settings;
  }

  async write(changes: Partial<Settings>): Promise<void> {
    await this.writeRows(changes);
    // The public settings are part of every page (the quick exit's address).
    this.changes.announce({ kind: 'settings', cause: 'write', ids: [], languages: BOTH_LANGUAGES });
  }

  /** A private row's value; undefined when it is absent or not JSON. */
  async readPrivate(key: string): Promise<unknown> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    try {
      return row ? JSON.parse(row.value) as unknown : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes private rows together (no visitor sees them: nothing is announced). */
  async writePrivate(rows: Record<string, unknown>): Promise<void> {
    await this.writeRows(rows);
  }

  private async writeRows(rows: Record<string, unknown>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [key, value] of Object.entries(rows)) {
        await trx.insertInto('settings').values({ key, value: JSON.stringify(value) })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
          .execute();
      }
    });
  }
}
