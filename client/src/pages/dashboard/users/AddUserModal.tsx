// The create-user modal of docs/product-rules.md, Screens, Behaviour and Validation, with a working
// role choice (the spec's disabled checkboxes are gone): new staff start as authors unless Admin is chosen.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { FormErrorsContext } from '../../../components/dashboard/formErrors';
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
  const { errors, saving, onSubmit } = useCheckedSubmit(form, validateNewUser, async (checked) => {
    const user = await api.post<User>('/api/users', { ...checked, name: checked.name.trim(), email: checked.email.trim() });
    setForm(EMPTY_USER_FORM);
    onCreated(user);
    close();
  }, { password: 'users.password', confirmPassword: 'users.confirmPassword' });

  function close() {
    errors.clear();
    onClose();
  }

  const set = (field: Exclude<keyof NewUserForm, 'role'>) => (value: string) => setForm({ ...form, [field]: value });
  return (
    <Modal open={open} title={t('users.addTitle')} onClose={close}>
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary form={errors} />
        <form onSubmit={onSubmit} noValidate>
          <FormField path="name" label={t('users.name')} type="text" value={form.name} autoComplete="off" onChange={set('name')} />
          <FormField path="email" label={t('users.email')} type="email" value={form.email} autoComplete="off" onChange={set('email')} />
          <FormField path="password" label={t('users.password')} type="password" value={form.password} autoComplete="new-password" onChange={set('password')} />
          <FormField path="confirmPassword" label={t('users.confirmPassword')} type="password" value={form.confirmPassword} autoComplete="new-password" onChange={set('confirmPassword')} />
          <RoleChoice value={form.role} onChange={(role) => setForm({ ...form, role })} />
          <div className="dash-actions">
            <button type="submit" className="dash-button dash-primary" disabled={saving}>{t('users.create')}</button>
            <button type="button" className="dash-button" onClick={close}>{t('common.cancel')}</button>
          </div>
        </form>
      </FormErrorsContext.Provider>
    </Modal>
  );
}
