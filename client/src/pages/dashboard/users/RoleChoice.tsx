// The role of an account: author or admin, each with what it may do.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/dashboard/Field';
import { useField } from '../../../components/dashboard/formErrors';
import { USER_ROLES, type UserRole } from '@shared/domain';

export function RoleChoice({ value, onChange }: { value: UserRole; onChange: (role: UserRole) => void }) {
  const { t } = useTranslation('dashboard');
  const name = useId();
  // The server refuses demoting the last administrator on this field.
  const field = useField('role');
  return (
    <fieldset className={field.error ? 'dash-roles dash-field-invalid' : 'dash-roles'} id={field.id} tabIndex={-1}>
      <legend>{t('users.role')}</legend>
      <FieldError field={field} />
      {USER_ROLES.map((role) => (
        <label key={role}>
          <input type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} />
          {' '}<b>{t(`users.${role}`)}</b>: {t(role === 'admin' ? 'users.roleAdminHint' : 'users.roleAuthorHint')}
        </label>
      ))}
    </fieldset>
  );
}
