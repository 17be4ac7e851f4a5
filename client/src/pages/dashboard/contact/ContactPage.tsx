// /dashboard/contact: add a contact entry (type and value), list them, edit one in place (its row
// turns into fields; the server's answer replaces it where it was), delete after confirmation. A
// refused value shows its problem beside the field; what the type expects is said under it first.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { deleteAfterConfirm } from '../../../components/dashboard/deleteAfterConfirm';
import { DeleteButton } from '../../../components/dashboard/DeleteButton';
import { CellInput, CellSelect, RowErrorSummary } from '../../../components/dashboard/CellFields';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { SelectField, TextField } from '../../../components/dashboard/Field';
import { FormErrorsContext, useFormErrors } from '../../../components/dashboard/formErrors';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import { CONTACT_TYPES } from '@shared/domain';
import type { ContactItem, ContactType } from '@shared/api-types';

export function ContactPage() {
  const { t } = useTranslation('dashboard');
  const { data: items, setData: setItems, error, loading } = useApi<ContactItem[]>('/api/contact');
  const [type, setType] = useState<ContactType>('phone');
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const errors = useFormErrors();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const item = await api.post<ContactItem>('/api/contact', { type, value: value.trim() });
      setItems((list) => [item, ...(list ?? [])]);
      setValue('');
      errors.clear();
      toastSuccess();
    } catch (failure) {
      errors.showFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  const [editing, setEditing] = useState<string | null>(null);
  const replace = (saved: ContactItem) => {
    setItems((list) => (list ?? []).map((item) => (item._id === saved._id ? saved : item)));
    setEditing(null);
  };

  const remove = (item: ContactItem) => deleteAfterConfirm(item, setItems, {
    url: `/api/contact/${encodeURIComponent(item._id)}`, confirmKey: 'contact.confirmDelete', name: item.value, failure: 'server',
  });

  return (
    <>
      <PageTitle text={t('contact.title')} />
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary form={errors} />
        <form onSubmit={onSubmit} noValidate className="dash-form dash-inline-form">
          <SelectField path="type" label={t('contact.type')} value={type} options={CONTACT_TYPES.map((option) => [option, t(`contactTypes.${option}`)] as const)}
            onChange={setType} />
          <TextField path="value" label={t('contact.value')} hint={t(`contact.valueHint.${type}`)} value={value} dir="ltr" onChange={setValue} />
          <div><button type="submit" className="dash-button dash-primary" disabled={saving}>{t('common.add')}</button></div>
        </form>
      </FormErrorsContext.Provider>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {items && (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="dash-sr-only">{t('contact.title')}</caption>
            <thead><tr><th scope="col">{t('contact.type')}</th><th scope="col">{t('contact.value')}</th><th scope="col">{t('common.actions')}</th></tr></thead>
            <tbody>
              {items.map((item) => (editing === item._id
                ? <ContactEditRow key={item._id} item={item} onSaved={replace} onCancel={() => setEditing(null)} />
                : (
                  <tr key={item._id}>
                    <td>{t(`contactTypes.${item.type}`)}</td>
                    <td><bdi dir="ltr">{item.value}</bdi></td>
                    <td className="dash-row-actions">
                      <button type="button" className="dash-button" onClick={() => setEditing(item._id)}
                        aria-label={t('common.editNamed', { name: item.value })}>{t('common.edit')}</button>
                      <DeleteButton name={item.value} onDelete={() => void remove(item)} />
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

/** One table row as fields; the server checks the value against its type, as when adding. */
function ContactEditRow({ item, onSaved, onCancel }: { item: ContactItem; onSaved: (saved: ContactItem) => void; onCancel: () => void }) {
  const { t } = useTranslation('dashboard');
  const [type, setType] = useState<ContactType>(item.type);
  const [value, setValue] = useState(item.value);
  const [saving, setSaving] = useState(false);
  const errors = useFormErrors();

  async function save() {
    setSaving(true);
    try {
      const saved = await api.put<ContactItem>(`/api/contact/${encodeURIComponent(item._id)}`, { type, value: value.trim() });
      toastSuccess();
      onSaved(saved);
    } catch (failure) {
      errors.showFailure(failure);
      setSaving(false);
    }
  }

  return (
    <FormErrorsContext.Provider value={errors}>
      <RowErrorSummary form={errors} columns={3} />
      <tr className="dash-editing">
        <td>
          <CellSelect path="type" label={`${t('contact.type')} (${item.value})`} value={type}
            options={CONTACT_TYPES.map((option) => [option, t(`contactTypes.${option}`)] as const)} onChange={setType} />
        </td>
        <td><CellInput path="value" label={`${t('contact.value')} (${item.value})`} dir="ltr" value={value} onChange={setValue} onEnter={() => void save()} /></td>
        <td>
          <div className="dash-row-actions">
            <button type="button" className="dash-button dash-primary" disabled={saving} onClick={() => void save()}>{t('common.save')}</button>
            <button type="button" className="dash-button" onClick={onCancel}>{t('common.cancel')}</button>
          </div>
        </td>
      </tr>
    </FormErrorsContext.Provider>
  );
}
