// An administrator sets a temporary password for someone who forgot theirs (POST /api/users/:id/password):
// their sessions end and they must choose their own at the next login.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { FormErrorsContext } from '../../../components/dashboard/formErrors';
import { useCheckedSubmit } from '../../../components/dashboard/useCheckedSubmit';
import { Modal } from '../../../components/dashboard/Modal';
import type { User } from '@shared/api-types';
import { FormField } from './FormField';
import { EMPTY_RESET_FORM, validateResetPassword, type ResetPasswordForm } from './userRules';

interface ResetPasswordModalProps { user: User | null; onClose: () => void; onReset: () => void }

export function ResetPasswordModal({ user, onClose, onReset }: ResetPasswordModalProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal open={user !== null} title={t('users.resetTitle', { name: user?.name ?? '' })} onClose={onClose}>
      {user && <ResetPasswordForm key={user._id} user={user} onClose={onClose} onReset={onReset} />}
    </Modal>
  );
}

function ResetPasswordForm({ user, onClose, onReset }: ResetPasswordModalProps & { user: User }) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<ResetPasswordForm>(EMPTY_RESET_FORM);
  const { errors, saving, onSubmit } = useCheckedSubmit(form, validateResetPassword, async (checked) => {
    await api.post(`/api/users/${encodeURIComponent(user._id)}/password`, { newPassword: checked.newPassword });
    onReset();
  }, { newPassword: 'users.newPassword', confirmPassword: 'users.confirmNewPassword' });

  return (
    <FormErrorsContext.Provider value={errors}>
      <ErrorSummary form={errors} />
      <form onSubmit={onSubmit} noValidate>
        <p className="dash-hint">{t('users.resetHint')}</p>
        <FormField path="newPassword" label={t('users.newPassword')} type="password" value={form.newPassword} autoComplete="new-password" onChange={(newPassword) => setForm({ ...form, newPassword })} />
        <FormField path="confirmPassword" label={t('users.confirmNewPassword')} type="password" value={form.confirmPassword} autoComplete="new-password" onChange={(confirmPassword) => setForm({ ...form, confirmPassword })} />
        <div className="dash-actions">
          <button type="submit" className="dash-button dash-primary" disabled={saving}>{t('users.resetPassword')}</button>
          <button type="button" className="dash-button" onClick={onClose}>{t('common.cancel')}</button>
        </div>
      </form>
    </FormErrorsContext.Provider>
  );
}
