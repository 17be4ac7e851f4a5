// One emergency number edited in place: its row turns into fields, the same rules as the add
// form apply (checked again by the server), and a refused save shows each problem under its field.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { CellInput, CellSelect, RowErrorSummary } from '../../../components/dashboard/CellFields';
import { FileUploadField } from '../../../components/dashboard/FileUploadField';
import { FormErrorsContext, useFormErrors } from '../../../components/dashboard/formErrors';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { useBusyCounter } from '../../../components/dashboard/useBusyCounter';
import { EMERGENCY_TYPES } from '@shared/domain';
import type { EmergencyItem } from '@shared/api-types';
import { trimmed, type EmergencyForm } from './EmergencyAddForm';

interface EmergencyEditRowProps { item: EmergencyItem; columns: number; onSaved: (saved: EmergencyItem) => void; onCancel: () => void }

export function EmergencyEditRow({ item, columns, onSaved, onCancel }: EmergencyEditRowProps) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<EmergencyForm>({ type: item.type, value: item.value, nameEN: item.nameEN, nameAR: item.nameAR, icon: item.icon });
  const [saving, setSaving] = useState(false);
  const uploads = useBusyCounter();
  const errors = useFormErrors();
  const name = `${item.nameEN} ${item.value}`;
  const label = (key: string) => `${t(key)} (${name})`;

  async function save() {
    setSaving(true);
    try {
      const saved = await api.put<EmergencyItem>(`/api/emergency/${encodeURIComponent(item._id)}`, trimmed(form));
      toastSuccess();
      onSaved(saved);
    } catch (failure) {
      errors.showFailure(failure);
      setSaving(false);
    }
  }

  return (
    <FormErrorsContext.Provider value={errors}>
      <RowErrorSummary form={errors} columns={columns} />
      <tr className="dash-editing">
        <td>
          <CellSelect path="type" label={label('emergency.type')} value={form.type} options={EMERGENCY_TYPES.map((type) => [type, t(`emergencyTypes.${type}`)] as const)}
            onChange={(type) => setForm({ ...form, type })} />
        </td>
        <td><CellInput path="nameEN" label={label('emergency.nameEn')} dir="ltr" lang="en" value={form.nameEN} onChange={(nameEN) => setForm({ ...form, nameEN })} onEnter={() => void save()} /></td>
        <td><CellInput path="nameAR" label={label('emergency.nameAr')} dir="rtl" lang="ar" value={form.nameAR} onChange={(nameAR) => setForm({ ...form, nameAR })} onEnter={() => void save()} /></td>
        <td><CellInput path="value" label={label('emergency.number')} type="tel" dir="ltr" value={form.value} onChange={(value) => setForm({ ...form, value })} onEnter={() => void save()} /></td>
        <td colSpan={columns - 4}>
          <FileUploadField path="icon" label={t('emergency.icon')} kind="image" value={form.icon ? [form.icon] : []} quietFailure
            onChange={(paths) => setForm((current) => ({ ...current, icon: paths[0] ?? '' }))} onBusyChange={uploads.onBusyChange} />
          <div className="dash-row-actions">
            <button type="button" className="dash-button dash-primary" disabled={saving || uploads.busy} onClick={() => void save()}>{t('common.save')}</button>
            <button type="button" className="dash-button" onClick={onCancel}>{t('common.cancel')}</button>
          </div>
        </td>
      </tr>
    </FormErrorsContext.Provider>
  );
}
