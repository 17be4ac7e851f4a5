// Current password, new password twice: for "My password" and for the forced change after a reset.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { FormErrorsContext } from '../../../components/dashboard/formErrors';
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
  const { errors, saving, onSubmit } = useCheckedSubmit(form, validatePasswordChange, async (checked) => {
    await changeOwnPassword(checked.currentPassword, checked.newPassword);
    setForm(EMPTY_PASSWORD_CHANGE);
    onChanged();
  }, { currentPassword: currentLabelKey, newPassword: 'password.new', confirmPassword: 'password.confirm' });

  const set = (field: keyof PasswordChangeForm) => (value: string) => setForm({ ...form, [field]: value });
  return (
    <FormErrorsContext.Provider value={errors}>
      <ErrorSummary form={errors} />
      <form className="dash-form dash-password-form" onSubmit={onSubmit} noValidate>
        <FormField path="currentPassword" label={t(currentLabelKey)} type="password" value={form.currentPassword} autoComplete="current-password" onChange={set('currentPassword')} />
        <FormField path="newPassword" label={t('password.new')} type="password" value={form.newPassword} autoComplete="new-password" onChange={set('newPassword')} />
        <FormField path="confirmPassword" label={t('password.confirm')} type="password" value={form.confirmPassword} autoComplete="new-password" onChange={set('confirmPassword')} />
        <div className="dash-actions">
          <button type="submit" className="dash-button dash-primary" disabled={saving}>{saving ? t('common.loading') : t('password.submit')}</button>
        </div>
      </form>
    </FormErrorsContext.Provider>
  );
}
