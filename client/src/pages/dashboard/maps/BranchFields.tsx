// One repeatable branch block of the city form (docs/product-rules.md, Screens): address, phone, email,
// latitude, longitude, and an X that removes it. 'lang' is the API's name for longitude.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface BranchForm { address: string; phone: string; email: string; lat: string; lang: string }
export const EMPTY_BRANCH: BranchForm = { address: '', phone: '', email: '', lat: '', lang: '' };

interface BranchFieldsProps { index: number; branch: BranchForm; onChange: (branch: BranchForm) => void; onRemove: () => void }

const FIELDS: { key: keyof BranchForm; labelKey: string; type: string; ltr: boolean }[] = [
  { key: 'address', labelKey: 'maps.address', type: 'text', ltr: false },
  { key: 'phone', labelKey: 'maps.phone', type: 'tel', ltr: true },
  { key: 'email', labelKey: 'maps.email', type: 'email', ltr: true },
  { key: 'lat', labelKey: 'maps.latitude', type: 'text', ltr: true },
  { key: 'lang', labelKey: 'maps.longitude', type: 'text', ltr: true },
];

export function BranchFields({ index, branch, onChange, onRemove }: BranchFieldsProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const legend = t('maps.branchNumber', { number: index + 1 });
  return (
    <fieldset className="dash-branch">
      <legend>{legend}</legend>
      <button type="button" className="dash-icon-button dash-branch-remove" aria-label={t('maps.removeBranch', { name: legend })}
        onClick={onRemove}>×</button>
      <div className="dash-field-row">
        {FIELDS.map((field) => (
          <div className="dash-field" key={field.key}>
            <label htmlFor={`${id}-${field.key}`}>{t(field.labelKey)}</label>
            <input id={`${id}-${field.key}`} type={field.type} value={branch[field.key]} dir={field.ltr ? 'ltr' : 'auto'}
              inputMode={field.key === 'lat' || field.key === 'lang' ? 'decimal' : undefined}
              onChange={(event) => onChange({ ...branch, [field.key]: event.target.value })} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
