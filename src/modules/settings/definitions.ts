// THE place where site settings are declared. A new setting is one more entry here: its
// schema (for validation and the API docs), its default and an optional extra check.
import { Type, type Static, type TSchema } from 'typebox';
import type { BilingualMessage } from '../../errors';
import { settingsMessages } from './messages';

import { DEFAULT_QUICK_EXIT_URL } from '@shared/domain';

export { DEFAULT_QUICK_EXIT_URL };
const URL_MAX = 500;

/** Absolute http(s) address with a host and no user:password part; nothing else may be a link target. */
export function isWebAddress(value: string): boolean {
  if (value.trim() !== value || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '' &&
    /^https?:\/\//i.test(value);
}

interface SettingDefinition<S extends TSchema> {
  schema: S;
  default: Static<S>;
  /** Returns the message when the value passes the schema but is still not acceptable. */
  check?: (value: Static<S>) => BilingualMessage | null;
}

function define<S extends TSchema>(definition: SettingDefinition<S>): SettingDefinition<S> {
  return definition;
}

export const settingDefinitions = {
  quickExitUrl: define({
    schema: Type.String({ minLength: 1, maxLength: URL_MAX, description: 'Absolute http:// or https:// address of the quick-exit button' }),
    default: DEFAULT_QUICK_EXIT_URL,
    check: (value: string) => (isWebAddress(value) ? null : settingsMessages.invalidWebAddress),
  }),
};

export type SettingKey = keyof typeof settingDefinitions;
export type Settings = { [K in SettingKey]: Static<(typeof settingDefinitions)[K]['schema']> };

export const SETTING_KEYS = Object.keys(settingDefinitions) as SettingKey[];

export function defaultSettings(): Settings {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, settingDefinitions[key].default])) as Settings;
}

/** Every setting, as the public answer. */
export const SettingsSchema = Type.Object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, settingDefinitions[key].schema])) as { [K in SettingKey]: (typeof settingDefinitions)[K]['schema'] },
);

/** A change: any of the settings (the route wants at least one), nothing unknown. */
export const SettingsChangeSchema = Type.Partial(SettingsSchema, { additionalProperties: false });
