// Current password, new password twice: for "My password" and for the forced change after a reset.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { useCheckedSubmit } from '../../../components/dashboard/useCheckedSubmit';
import { FormField } from '../users/FormField';
import { EMPTY_PASSWORD_CHANGE, validatePasswordChange, type PasswordChangeForm } from '../users/userRules';
import { changeOwnPassword } from './changeOwnPassword';

interface PasswordFormProps {
  /** The label of the first field: the current password, or the one an administrator gave. */
  currentLabelKey: string;
  onChanged: () => void;
}

export function PasswordForm({ currentLabelKey, onChanged }: PasswordFormProps) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY_PASSWORD_CHANGE);
  const { fieldErrors: errors, serverError, saving, onSubmit } = useCheckedSubmit(form, validatePasswordChange, async (checked) => {
    await changeOwnPassword(checked.currentPassword, checked.newPassword);
    setForm(EMPTY_PASSWORD_CHANGE);
    onChanged();
  });

  const set = (field: keyof PasswordChangeForm) => (value: string) => setForm({ ...form, [field]: value });
  return (
    <form className="dash-form dash-password-form" onSubmit={onSubmit} noValidate>
      <FormField label={t(currentLabelKey)} type="password" value={form.currentPassword} error={errors.currentPassword} autoComplete="current-password" onChange={set('currentPassword')} />
      <FormField label={t('password.new')} type="password" value={form.newPassword} error={errors.newPassword} autoComplete="new-password" onChange={set('newPassword')} />
      <FormField label={t('password.confirm')} type="password" value={form.confirmPassword} error={errors.confirmPassword} autoComplete="new-password" onChange={set('confirmPassword')} />
      <ErrorList error={serverError} />
      <div className="dash-actions">
        <button type="submit" className="dash-button dash-primary" disabled={saving}>{saving ? t('common.loading') : t('password.submit')}</button>
      </div>
    </form>
  );
}
