// The text alternative of one image: a description per language, or "decorative" ticked on
// purpose. Decorative is stored as '' in every language; an empty description stays null ("not
// filled in yet"), which the dashboard lists flag, so forgetting is never mistaken for a choice.
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/domain';
import { FieldError } from './Field';
import { useField } from './formErrors';

export type AltValues = Partial<Record<Language, string | null>>;

interface AltTextFieldProps {
  /** Names the image, e.g. "Image" or "Picture 2". */
  imageLabel: string;
  /** A post has one language; page texts and cities have both. */
  languages: readonly Language[];
  /** The request field of each language's description ('imageAltEn', 'picturesAlt[2]'): errors about it show beside it. */
  paths: Partial<Record<Language, string>>;
  values: AltValues;
  onChange: (values: AltValues) => void;
}

/** True when the image has a text alternative or was marked decorative, in every language. */
export function altComplete(values: ReadonlyArray<string | null | undefined>): boolean {
  return values.every((value) => value !== null && value !== undefined);
}

export function AltTextField({ imageLabel, languages, paths, values, onChange }: AltTextFieldProps) {
  const { t } = useTranslation('dashboard');
  const decorative = languages.every((language) => values[language] === '');
  const missing = !altComplete(languages.map((language) => values[language]));
  const all = (value: string | null) => Object.fromEntries(languages.map((language) => [language, value])) as AltValues;
  return (
    <fieldset className="dash-alt">
      <legend>{t('alt.legend', { image: imageLabel })}</legend>
      {languages.map((language) => (
        <AltDescription key={language} path={paths[language] ?? `alt-${language}`} language={language} disabled={decorative}
          label={languages.length > 1 ? t('alt.textIn', { language: t(`languages.${language}`) }) : t('alt.text')}
          value={values[language] ?? ''} onChange={(text) => onChange({ ...values, [language]: text.trim() === '' ? null : text })} />
      ))}
      <label className="dash-check">
        <input type="checkbox" checked={decorative} onChange={(event) => onChange(all(event.target.checked ? '' : null))} />
        {t('alt.decorative')}
      </label>
      {missing && <p className="dash-hint dash-alt-missing">{t('alt.missing')}</p>}
    </fieldset>
  );
}

function AltDescription({ path, language, label, value, disabled, onChange }: { path: string; language: Language; label: string; value: string; disabled: boolean; onChange: (text: string) => void }) {
  const field = useField(path);
  return (
    <div className={field.error ? 'dash-field dash-field-invalid' : 'dash-field'}>
      <label htmlFor={field.id}>{label}</label>
      <FieldError field={field} />
      <input id={field.id} lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'} maxLength={500} disabled={disabled}
        aria-invalid={field.error ? true : undefined} aria-describedby={field.describedBy()}
        value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** The flag a dashboard list shows beside a record with an image that has no text alternative yet. */
export function MissingAltFlag({ missing }: { missing: boolean }) {
  const { t } = useTranslation('dashboard');
  return missing ? <span className="dash-badge dash-badge-noalt">{t('alt.flag')}</span> : null;
}

/** True when an image is set but its alt text is not filled in (in any of the given languages). */
export function lacksAlt(image: string, ...alts: Array<string | null | undefined>): boolean {
  return image !== '' && !altComplete(alts);
}
