// The create-user modal of docs/product-rules.md, Screens, Behaviour and Validation. isAdmin and isAuthor are shown but disabled
// (false and true), as the spec asks: new staff start as authors.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { Modal } from '../../../components/dashboard/Modal';
import type { User } from '@shared/api-types';
import { EMPTY_USER_FORM, validateNewUser, type NewUserForm } from './userRules';

interface AddUserModalProps { open: boolean; onClose: () => void; onCreated: (user: User) => void }

export function AddUserModal({ open, onClose, onCreated }: AddUserModalProps) {
  const { t } = useTranslation('dashboard');
  const [form, setForm] = useState<NewUserForm>(EMPTY_USER_FORM);
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof validateNewUser>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const baseId = useId();

  function close() {
    setFieldErrors({});
    setServerError(null);
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validateNewUser(form);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setServerError(null);
    try {
      const user = await api.post<User>('/api/users', { ...form, name: form.name.trim(), email: form.email.trim(), isAdmin: false, isAuthor: true });
      setForm(EMPTY_USER_FORM);
      onCreated(user);
      close();
    } catch (error) {
      setServerError(error);
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof NewUserForm, type: string, labelKey: string, autoComplete: string) => {
    const id = `${baseId}-${name}`;
    const error = fieldErrors[name];
    return (
      <div className="dash-field">
        <label htmlFor={id}>{t(labelKey)}</label>
        <input id={id} type={type} value={form[name]} maxLength={32} autoComplete={autoComplete}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setForm({ ...form, [name]: event.target.value })} />
        {error && <p id={`${id}-error`} className="dash-field-error">{t(error)}</p>}
      </div>
    );
  };

  return (
    <Modal open={open} title={t('users.addTitle')} onClose={close}>
      <form onSubmit={onSubmit} noValidate>
        {field('name', 'text', 'users.name', 'off')}
        {field('email', 'email', 'users.email', 'off')}
        {field('password', 'password', 'users.password', 'new-password')}
        {field('confirmPassword', 'password', 'users.confirmPassword', 'new-password')}
        <div className="dash-checks">
          <label><input type="checkbox" checked={false} disabled readOnly /> {t('users.isAdmin')}</label>
          <label><input type="checkbox" checked disabled readOnly /> {t('users.isAuthor')}</label>
        </div>
        <ErrorList error={serverError} />
        <div className="dash-actions">
          <button type="submit" className="dash-button dash-primary" disabled={saving}>{t('users.create')}</button>
          <button type="button" className="dash-button" onClick={close}>{t('common.cancel')}</button>
        </div>
      </form>
    </Modal>
  );
}
