// After a reset the dashboard shows only this screen: the server refuses every other staff call
// until the user has chosen their own password.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LanguageSwitch } from '../../../components/dashboard/LanguageSwitch';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { clearUser } from '../../../state/session';
import { PasswordForm } from './PasswordForm';

export function ForcedPasswordChange() {
  const { t } = useTranslation('dashboard');
  const [, navigate] = useLocation();
  useEffect(() => { document.title = t('password.forcedTitle'); }, [t]);

  function logout() {
    navigate('~/', { replace: true });
    clearUser();
  }

  return (
    <div className="dash dash-login">
      <main className="dash-login-card">
        <div className="dash-login-top"><LanguageSwitch /></div>
        <h1>{t('password.forcedTitle')}</h1>
        <p>{t('password.forcedIntro')}</p>
        {/* Once the change is stored the session no longer asks for it, and the dashboard replaces this screen. */}
        <PasswordForm currentLabelKey="password.temporary" onChanged={() => toastSuccess('toast.passwordChanged')} />
        <button type="button" className="dash-button" onClick={logout}>{t('nav.logout')}</button>
      </main>
    </div>
  );
}
