// The role of an account: author or admin, each with what it may do.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_ROLES, type UserRole } from '@shared/domain';

export function RoleChoice({ value, onChange }: { value: UserRole; onChange: (role: UserRole) => void }) {
  const { t } = useTranslation('dashboard');
  const name = useId();
  return (
    <fieldset className="dash-roles">
      <legend>{t('users.role')}</legend>
      {USER_ROLES.map((role) => (
        <label key={role}>
          <input type="radio" name={name} value={role} checked={value === role} onChange={() => onChange(role)} />
          {' '}<b>{t(`users.${role}`)}</b>: {t(role === 'admin' ? 'users.roleAdminHint' : 'users.roleAuthorHint')}
        </label>
      ))}
    </fieldset>
  );
}
