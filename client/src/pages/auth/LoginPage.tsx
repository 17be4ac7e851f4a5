// /login_page_2022 (docs/product-rules.md, Screens, Behaviour and Validation): checks the fields before any request, shows server
// errors in red in the current language, then returns to the same-site address given in the query.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { api } from '../../api/client';
import { useSnapshot } from 'valtio';
import { session, storeUser, type UserInfo } from '../../state/session';
import { ErrorList } from '../../components/dashboard/ErrorList';
import { LanguageSwitch } from '../../components/dashboard/LanguageSwitch';
import { LOGIN_LIMITS, redirectTarget, validateLogin } from './loginRules';
import '../dashboard/dashboard.css';

export default function LoginPage() {
  const { t } = useTranslation('dashboard');
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof validateLogin>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  // Set when a refused or expired token brought the user here: say why they must log in again.
  const { expired } = useSnapshot(session);
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => { document.title = t('login.title'); }, [t]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validateLogin(email, password);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setLoading(true);
    setServerError(null);
    try {
      const user = await api.post<UserInfo>('/api/users/login', { email: email.trim(), password });
      storeUser(user);
      const target = redirectTarget(window.location.search);
      // After a reset the dashboard first asks for a new password: go there rather than to a public page.
      navigate(user.mustChangePassword && !target.startsWith('/dashboard') ? '/dashboard' : target, { replace: true });
    } catch (error) {
      setServerError(error);
      setLoading(false);
    }
  }

  return (
    <div className="dash dash-login">
      <main className="dash-login-card">
        <div className="dash-login-top"><LanguageSwitch /></div>
        <h1>{t('login.title')}</h1>
        {expired && <p className="dash-notice" role="status">{t('login.expired')}</p>}
        <form onSubmit={onSubmit} noValidate>
          <div className="dash-field">
            <label htmlFor={emailId}>{t('login.email')}</label>
            <input id={emailId} type="email" autoComplete="username" value={email} maxLength={LOGIN_LIMITS.emailMax}
              aria-invalid={fieldErrors.email ? true : undefined} aria-describedby={fieldErrors.email ? `${emailId}-error` : undefined}
              onChange={(event) => setEmail(event.target.value)} />
            {fieldErrors.email && <p id={`${emailId}-error`} className="dash-field-error">{t(fieldErrors.email)}</p>}
          </div>
          <div className="dash-field">
            <label htmlFor={passwordId}>{t('login.password')}</label>
            <input id={passwordId} type="password" autoComplete="current-password" value={password} maxLength={LOGIN_LIMITS.passwordMax}
              aria-invalid={fieldErrors.password ? true : undefined} aria-describedby={fieldErrors.password ? `${passwordId}-error` : undefined}
              onChange={(event) => setPassword(event.target.value)} />
            {fieldErrors.password && <p id={`${passwordId}-error`} className="dash-field-error">{t(fieldErrors.password)}</p>}
          </div>
          <ErrorList error={serverError} />
          <button type="submit" className="dash-button dash-primary" disabled={loading}>
            {loading ? t('common.loading') : t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
