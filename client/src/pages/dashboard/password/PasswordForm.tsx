// Current password, new password twice: for "My password" and for the forced change after a reset.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/dashboard/ErrorList';
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
  const [errors, setErrors] = useState<ReturnType<typeof validatePasswordChange>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validatePasswordChange(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setServerError(null);
    try {
      await changeOwnPassword(form.currentPassword, form.newPassword);
      setForm(EMPTY_PASSWORD_CHANGE);
      onChanged();
    } catch (error) {
      setServerError(error);
    } finally {
      setSaving(false);
    }
  }

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
