// /login_page_2022 (docs/product-rules.md, Screens, Behaviour and Validation): checks the fields before any request, shows server
// errors in red in the current language, then returns to the same-site address given in the query.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api/client';
import { useSnapshot } from 'valtio';
import { session, storeUser, type UserInfo } from '../../state/session';
import { ErrorSummary } from '../../components/dashboard/ErrorSummary';
import { TextField } from '../../components/dashboard/Field';
import { FormErrorsContext } from '../../components/dashboard/formErrors';
import { LanguageSwitch } from '../../components/dashboard/LanguageSwitch';
import { useCheckedSubmit } from '../../components/dashboard/useCheckedSubmit';
import { LOGIN_LIMITS, redirectTarget, validateLogin } from './loginRules';
import '../dashboard/dashboard.css';

export default function LoginPage() {
  const { t } = useTranslation('dashboard');
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ email: '', password: '' });
  // Set when a refused or expired token brought the user here: say why they must log in again.
  const { expired } = useSnapshot(session);
  const { errors, saving, onSubmit } = useCheckedSubmit(form, ({ email, password }) => validateLogin(email, password), async ({ email, password }) => {
    const user = await api.post<UserInfo>('/api/users/login', { email: email.trim(), password });
    storeUser(user);
    const target = redirectTarget(window.location.search);
    // After a reset the dashboard first asks for a new password: go there rather than to a public page.
    navigate(user.mustChangePassword && !target.startsWith('/dashboard') ? '/dashboard' : target, { replace: true });
  });

  useEffect(() => { document.title = t('login.title'); }, [t]);

  return (
    <div className="dash dash-login">
      <main className="dash-login-card">
        <div className="dash-login-top"><LanguageSwitch /></div>
        <h1>{t('login.title')}</h1>
        {expired && <p className="dash-notice" role="status">{t('login.expired')}</p>}
        <FormErrorsContext.Provider value={errors}>
          <ErrorSummary form={errors} />
          <form onSubmit={onSubmit} noValidate>
            <TextField path="email" label={t('login.email')} type="email" autoComplete="username" dir="ltr" maxLength={LOGIN_LIMITS.emailMax}
              value={form.email} onChange={(email) => setForm({ ...form, email })} />
            <TextField path="password" label={t('login.password')} type="password" autoComplete="current-password" dir="ltr" maxLength={LOGIN_LIMITS.passwordMax}
              value={form.password} onChange={(password) => setForm({ ...form, password })} />
            <button type="submit" className="dash-button dash-primary" disabled={saving}>
              {saving ? t('common.loading') : t('login.submit')}
            </button>
          </form>
        </FormErrorsContext.Provider>
      </main>
    </div>
  );
}
