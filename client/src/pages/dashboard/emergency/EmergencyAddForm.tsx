// The add form of /dashboard/emergency (docs/product-rules.md, Behaviour): type, number, both names
// and an optional icon; after a create it resets to type VOT with empty fields. A refused number
// shows its problem beside the field, with the accepted formats said under it from the start.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { SelectField, TextField } from '../../../components/dashboard/Field';
import { FileUploadField } from '../../../components/dashboard/FileUploadField';
import { FormErrorsContext, useFormErrors } from '../../../components/dashboard/formErrors';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { useBusyCounter } from '../../../components/dashboard/useBusyCounter';
import { EMERGENCY_TYPES } from '@shared/domain';
import type { EmergencyItem } from '@shared/api-types';

export type EmergencyForm = Omit<EmergencyItem, '_id'>;
const NEW_ITEM: EmergencyForm = { type: 'VOT', value: '', nameEN: '', nameAR: '', icon: '' };

export const trimmed = (form: EmergencyForm): EmergencyForm => ({ ...form, value: form.value.trim(), nameEN: form.nameEN.trim(), nameAR: form.nameAR.trim() });

export function EmergencyAddForm({ onAdded }: { onAdded: (item: EmergencyItem) => void }) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<EmergencyForm>(NEW_ITEM);
  const [saving, setSaving] = useState(false);
  // Remounts the icon field after a create so its file input is empty as well.
  const [formVersion, setFormVersion] = useState(0);
  const uploads = useBusyCounter();
  const errors = useFormErrors();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const item = await api.post<EmergencyItem>('/api/emergency', trimmed(form));
      errors.clear();
      onAdded(item);
      setForm(NEW_ITEM);
      setFormVersion((value) => value + 1);
      toastSuccess();
    } catch (failure) {
      errors.showFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormErrorsContext.Provider value={errors}>
      <ErrorSummary form={errors} />
      <form onSubmit={onSubmit} noValidate className="dash-form" key={formVersion}>
        <div className="dash-field-row">
          <SelectField path="type" label={t('emergency.type')} value={form.type} options={EMERGENCY_TYPES.map((type) => [type, t(`emergencyTypes.${type}`)] as const)}
            onChange={(type) => setForm({ ...form, type })} />
          <TextField path="value" label={t('emergency.number')} hint={t('emergency.numberHint')} type="tel" dir="ltr" value={form.value}
            onChange={(value) => setForm({ ...form, value })} />
          <TextField path="nameEN" label={t('emergency.nameEn')} dir="ltr" lang="en" value={form.nameEN} onChange={(nameEN) => setForm({ ...form, nameEN })} />
          <TextField path="nameAR" label={t('emergency.nameAr')} dir="rtl" lang="ar" value={form.nameAR} onChange={(nameAR) => setForm({ ...form, nameAR })} />
        </div>
        <FileUploadField path="icon" label={t('emergency.icon')} kind="image" value={form.icon ? [form.icon] : []} quietFailure
          onChange={(paths) => setForm((current) => ({ ...current, icon: paths[0] ?? '' }))} onBusyChange={uploads.onBusyChange} />
        <div><button type="submit" className="dash-button dash-primary" disabled={saving || uploads.busy}>{t('common.add')}</button></div>
      </form>
    </FormErrorsContext.Provider>
  );
}
