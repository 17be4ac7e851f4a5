// This site's name: the source a headquarters signs its content bundles with, and the office a
// field office's figures come from. Set by an admin (Content bundles, This site's name) as a
// private settings row, else OFFICE_NAME; null when neither is.
import type { Config } from '../../config';
import type { SettingsRepository } from './repository';

const SITE_NAME_SETTING = 'contentBundles.officeName';

export async function siteNameOf(config: Pick<Config, 'officeName'>, settings: SettingsRepository): Promise<string | null> {
  return (await siteNameSet(settings)) ?? config.officeName ?? null;
}

/** The name an admin set, or null. */
export async function siteNameSet(settings: SettingsRepository): Promise<string | null> {
  const name = await settings.readPrivate(SITE_NAME_SETTING);
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/** The row that keeps the name an admin set ('' for none), to write with other private rows. */
export function siteNameRow(name: string | null): Record<string, string> {
  return { [SITE_NAME_SETTING]: name ?? '' };
}
