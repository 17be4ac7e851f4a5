// /dashboard/password: every staff member changes their own password here.
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { PageTitle } from '../PageTitle';
import { PasswordForm } from './PasswordForm';

export function MyPasswordPage() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <PageTitle text={t('password.title')} />
      <p className="dash-hint">{t('password.intro')}</p>
      <PasswordForm currentLabelKey="password.current" onChanged={() => toastSuccess('toast.passwordChanged')} />
    </>
  );
}
