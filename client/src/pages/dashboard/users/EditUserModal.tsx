// An administrator changes someone's name, e-mail or role (PUT /api/users/:id). The server refuses
// demoting the last active administrator; its bilingual answer is shown here.
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
import { validateEditUser, type EditUserForm } from './userRules';

interface EditUserModalProps { user: User | null; onClose: () => void; onSaved: (user: User) => void }

export function EditUserModal({ user, onClose, onSaved }: EditUserModalProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal open={user !== null} title={t('users.editTitle')} onClose={onClose}>
      {/* Keyed by the user, so the form starts from that user's values. */}
      {user && <EditUserForm key={user._id} user={user} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditUserForm({ user, onClose, onSaved }: EditUserModalProps & { user: User }) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<EditUserForm>({ name: user.name, email: user.email, role: user.role ?? 'author' });
  const { errors, saving, onSubmit } = useCheckedSubmit(form, validateEditUser, async (checked) => {
    onSaved(await api.put<User>(`/api/users/${encodeURIComponent(user._id)}`, { name: checked.name.trim(), email: checked.email.trim(), role: checked.role }));
  });

  return (
    <FormErrorsContext.Provider value={errors}>
      <ErrorSummary form={errors} />
      <form onSubmit={onSubmit} noValidate>
        <FormField path="name" label={t('users.name')} type="text" value={form.name} autoComplete="off" onChange={(name) => setForm({ ...form, name })} />
        <FormField path="email" label={t('users.email')} type="email" value={form.email} autoComplete="off" onChange={(email) => setForm({ ...form, email })} />
        <RoleChoice value={form.role} onChange={(role) => setForm({ ...form, role })} />
        <div className="dash-actions">
          <button type="submit" className="dash-button dash-primary" disabled={saving}>{t('common.save')}</button>
          <button type="button" className="dash-button" onClick={onClose}>{t('common.cancel')}</button>
        </div>
      </form>
    </FormErrorsContext.Provider>
  );
}
