// /dashboard/emergency (docs/product-rules.md, Screens, Behaviour and Validation): add form reset to VOT after a create, the new item
// first in the table, delete after confirmation and removed only once the server agreed. A row is
// edited in place: it turns into fields, and on save the server's answer replaces it where it was.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { deleteAfterConfirm } from '../../../components/dashboard/deleteAfterConfirm';
import { DeleteButton } from '../../../components/dashboard/DeleteButton';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { errorItems } from '../../../components/dashboard/errorText';
import { FileUploadField } from '../../../components/dashboard/FileUploadField';
import { toastServerErrors, toastSuccess } from '../../../components/dashboard/toastStore';
import { useApi } from '../../../api/useApi';
import { useBusyCounter } from '../../../components/dashboard/useBusyCounter';
import { PageTitle } from '../PageTitle';
import { EMERGENCY_TYPES } from '@shared/domain';
import type { EmergencyItem, EmergencyType } from '@shared/api-types';

type EmergencyForm = Omit<EmergencyItem, '_id'>;
const NEW_ITEM: EmergencyForm = { type: 'VOT', value: '', nameEN: '', nameAR: '', icon: '' };

export function EmergencyPage() {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const { data: items, setData: setItems, error, loading } = useApi<EmergencyItem[]>('/api/emergency');
  const [form, setForm] = useState<EmergencyForm>(NEW_ITEM);
  const [saving, setSaving] = useState(false);
  // Remounts the icon field after a create so its file input is empty as well.
  const [formVersion, setFormVersion] = useState(0);
  const uploads = useBusyCounter();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const item = await api.post<EmergencyItem>('/api/emergency', {
        ...form, value: form.value.trim(), nameEN: form.nameEN.trim(), nameAR: form.nameAR.trim(),
      });
      setItems((list) => [item, ...(list ?? [])]);
      setForm(NEW_ITEM);
      setFormVersion((value) => value + 1);
      toastSuccess();
    } catch (failure) {
      toastServerErrors(errorItems(failure));
    } finally {
      setSaving(false);
    }
  }

  const [editing, setEditing] = useState<string | null>(null);
  const replace = (saved: EmergencyItem) => {
    setItems((list) => (list ?? []).map((item) => (item._id === saved._id ? saved : item)));
    setEditing(null);
  };

  const remove = (item: EmergencyItem) => deleteAfterConfirm(item, setItems, {
    url: `/api/emergency/${encodeURIComponent(item._id)}`, confirmKey: 'common.confirmDeleteDocument', failure: 'server',
  });

  const text = (key: 'value' | 'nameEN' | 'nameAR', labelKey: string, extra: { dir: string; lang?: string }) => (
    <div className="dash-field">
      <label htmlFor={`${id}-${key}`}>{t(labelKey)}</label>
      <input id={`${id}-${key}`} value={form[key]} required type={key === 'value' ? 'tel' : 'text'} {...extra}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })} />
    </div>
  );

  return (
    <>
      <PageTitle text={t('emergency.title')} />
      <form onSubmit={onSubmit} noValidate className="dash-form" key={formVersion}>
        <div className="dash-field-row">
          <div className="dash-field">
            <label htmlFor={`${id}-type`}>{t('emergency.type')}</label>
            <select id={`${id}-type`} value={form.type} onChange={(event) => setForm({ ...form, type: event.target.value as EmergencyType })}>
              {EMERGENCY_TYPES.map((type) => <option key={type} value={type}>{t(`emergencyTypes.${type}`)}</option>)}
            </select>
          </div>
          {text('value', 'emergency.number', { dir: 'ltr' })}
          {text('nameEN', 'emergency.nameEn', { dir: 'ltr', lang: 'en' })}
          {text('nameAR', 'emergency.nameAr', { dir: 'rtl', lang: 'ar' })}
        </div>
        <FileUploadField label={t('emergency.icon')} kind="image" value={form.icon ? [form.icon] : []} quietFailure
          onChange={(paths) => setForm((current) => ({ ...current, icon: paths[0] ?? '' }))} onBusyChange={uploads.onBusyChange} />
        <button type="submit" className="dash-button dash-primary" disabled={saving || uploads.busy}>{t('common.add')}</button>
      </form>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {items && (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="dash-sr-only">{t('emergency.title')}</caption>
            <thead>
              <tr><th scope="col">{t('emergency.type')}</th><th scope="col">{t('emergency.nameEn')}</th><th scope="col">{t('emergency.nameAr')}</th>
                <th scope="col">{t('emergency.number')}</th><th scope="col">{t('common.actions')}</th></tr>
            </thead>
            <tbody>
              {items.map((item) => (editing === item._id
                ? <EmergencyEditRow key={item._id} item={item} onSaved={replace} onCancel={() => setEditing(null)} />
                : (
                  <tr key={item._id}>
                    <td>{t(`emergencyTypes.${item.type}`)}</td>
                    <td lang="en" dir="ltr">{item.nameEN}</td>
                    <td lang="ar" dir="rtl">{item.nameAR}</td>
                    <td><bdi dir="ltr">{item.value}</bdi></td>
                    <td className="dash-row-actions">
                      <button type="button" className="dash-button" onClick={() => setEditing(item._id)}
                        aria-label={t('common.editNamed', { name: `${item.nameEN} ${item.value}` })}>{t('common.edit')}</button>
                      <DeleteButton name={`${item.nameEN} ${item.value}`} onDelete={() => void remove(item)} />
                    </td>
                  </tr>
                )))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** One table row as fields: the same rules as the add form, checked again by the server. */
function EmergencyEditRow({ item, onSaved, onCancel }: { item: EmergencyItem; onSaved: (saved: EmergencyItem) => void; onCancel: () => void }) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<EmergencyForm>({ type: item.type, value: item.value, nameEN: item.nameEN, nameAR: item.nameAR, icon: item.icon });
  const [saving, setSaving] = useState(false);
  const uploads = useBusyCounter();
  const name = `${item.nameEN} ${item.value}`;

  async function save() {
    setSaving(true);
    try {
      const saved = await api.put<EmergencyItem>(`/api/emergency/${encodeURIComponent(item._id)}`, {
        ...form, value: form.value.trim(), nameEN: form.nameEN.trim(), nameAR: form.nameAR.trim(),
      });
      toastSuccess();
      onSaved(saved);
    } catch (failure) {
      toastServerErrors(errorItems(failure));
      setSaving(false);
    }
  }

  const text = (key: 'value' | 'nameEN' | 'nameAR', labelKey: string, extra: { dir: string; lang?: string }) => (
    <td>
      <input className="dash-cell-input" value={form[key]} aria-label={`${t(labelKey)} (${name})`} type={key === 'value' ? 'tel' : 'text'} {...extra}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })}
        onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); void save(); } }} />
    </td>
  );

  return (
    <tr className="dash-editing">
      <td>
        <select className="dash-cell-input" value={form.type} aria-label={`${t('emergency.type')} (${name})`}
          onChange={(event) => setForm({ ...form, type: event.target.value as EmergencyType })}>
          {EMERGENCY_TYPES.map((type) => <option key={type} value={type}>{t(`emergencyTypes.${type}`)}</option>)}
        </select>
      </td>
      {text('nameEN', 'emergency.nameEn', { dir: 'ltr', lang: 'en' })}
      {text('nameAR', 'emergency.nameAr', { dir: 'rtl', lang: 'ar' })}
      {text('value', 'emergency.number', { dir: 'ltr' })}
      <td>
        <FileUploadField label={t('emergency.icon')} kind="image" value={form.icon ? [form.icon] : []} quietFailure
          onChange={(paths) => setForm((current) => ({ ...current, icon: paths[0] ?? '' }))} onBusyChange={uploads.onBusyChange} />
        <div className="dash-row-actions">
          <button type="button" className="dash-button dash-primary" disabled={saving || uploads.busy} onClick={() => void save()}>{t('common.save')}</button>
          <button type="button" className="dash-button" onClick={onCancel}>{t('common.cancel')}</button>
        </div>
      </td>
    </tr>
  );
}
