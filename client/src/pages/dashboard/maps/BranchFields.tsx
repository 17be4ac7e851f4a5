// One repeatable branch block of the city form (docs/product-rules.md, Screens): address, its Arabic
// form, phone, email, latitude, longitude, and an X that removes it. 'lang' is the API's name for longitude. Errors
// about a branch's field ('branch[1].phone') show beside that field.
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/dashboard/Field';
import { useField } from '../../../components/dashboard/formErrors';

export interface BranchForm { address: string; addressAr: string; phone: string; email: string; lat: string; lang: string }
export const EMPTY_BRANCH: BranchForm = { address: '', addressAr: '', phone: '', email: '', lat: '', lang: '' };

interface BranchFieldsProps { index: number; branch: BranchForm; onChange: (branch: BranchForm) => void; onRemove: () => void }

/** Staff see text in the direction visitors read it: the Arabic address right to left. */
const FIELDS: { key: keyof BranchForm; labelKey: string; hintKey?: string; type: 'text' | 'tel' | 'email'; dir: 'ltr' | 'rtl' | 'auto'; lang?: 'ar' }[] = [
  { key: 'address', labelKey: 'maps.address', type: 'text', dir: 'auto' },
  { key: 'addressAr', labelKey: 'maps.addressAr', type: 'text', dir: 'rtl', lang: 'ar' },
  { key: 'phone', labelKey: 'maps.phone', hintKey: 'maps.phoneHint', type: 'tel', dir: 'ltr' },
  { key: 'email', labelKey: 'maps.email', type: 'email', dir: 'ltr' },
  { key: 'lat', labelKey: 'maps.latitude', hintKey: 'maps.latitudeHint', type: 'text', dir: 'ltr' },
  { key: 'lang', labelKey: 'maps.longitude', hintKey: 'maps.longitudeHint', type: 'text', dir: 'ltr' },
];

export function BranchFields({ index, branch, onChange, onRemove }: BranchFieldsProps) {
  const { t } = useTranslation('dashboard');
  const at = `branch[${index}]`;
  // The block itself is the summary's target for an error about the whole branch.
  const block = useField(at);
  const legend = t('maps.branchNumber', { number: index + 1 });
  return (
    <fieldset className="dash-branch" id={block.id} tabIndex={-1}>
      <legend>{legend}</legend>
      <button type="button" className="dash-icon-button dash-branch-remove" aria-label={t('maps.removeBranch', { name: legend })}
        onClick={onRemove}>×</button>
      <div className="dash-field-row">
        {FIELDS.map((field) => (
          <TextField key={field.key} path={`${at}.${field.key}`} label={t(field.labelKey)} hint={field.hintKey ? t(field.hintKey) : undefined}
            // A draft saved before the Arabic address existed has none: '' keeps the input controlled.
            type={field.type} dir={field.dir} lang={field.lang} value={branch[field.key] ?? ''} inputMode={field.key === 'lat' || field.key === 'lang' ? 'decimal' : undefined}
            onChange={(value) => onChange({ ...branch, [field.key]: value })} />
        ))}
      </div>
    </fieldset>
  );
}
