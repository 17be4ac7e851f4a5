// /dashboard/users (admin): the list; create, edit (name, e-mail, role), disable or enable, reset a
// password. Disabling is the usual way to remove someone: their posts keep their author. Delete is
// offered only for accounts without posts (it would leave posts without an author).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/client';
import { askConfirm } from '../../../components/dashboard/confirmStore';
import { deleteAfterConfirm } from '../../../components/dashboard/deleteAfterConfirm';
import { DeleteButton } from '../../../components/dashboard/DeleteButton';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { errorItems } from '../../../components/dashboard/errorText';
import { toastServerErrors, toastSuccess } from '../../../components/dashboard/toastStore';
import { useApi } from '../../../api/useApi';
import { session, storeUser } from '../../../state/session';
import { formatDate } from '../formatDate';
import { PageTitle } from '../PageTitle';
import type { User } from '@shared/api-types';
import { AddUserModal } from './AddUserModal';
import { EditUserModal } from './EditUserModal';
import { ResetPasswordModal } from './ResetPasswordModal';

export function UsersPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { userInfo } = useSnapshot(session);
  const { data: users, setData: setUsers, error, loading } = useApi<User[]>('/api/users');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);

  const replace = (updated: User) => setUsers((list) => (list ?? []).map((user) => (user._id === updated._id ? updated : user)));

  function saved(updated: User) {
    replace(updated);
    setEditing(null);
    toastSuccess('toast.userUpdated');
    // Editing oneself (name, or stepping down as admin) changes what this dashboard offers at once.
    if (session.userInfo && updated._id === session.userInfo._id) {
      storeUser({ ...session.userInfo, name: updated.name, email: updated.email, isAdmin: updated.isAdmin, isAuthor: updated.isAuthor, role: updated.role });
    }
  }

  async function setActive(user: User, active: boolean) {
    if (!active && !(await askConfirm('users.confirmDisable', { values: { name: user.name }, confirmKey: 'users.yesDisable' }))) return;
    try {
      replace(await api.put<User>(`/api/users/${encodeURIComponent(user._id)}`, { active }));
      toastSuccess(active ? 'toast.userEnabled' : 'toast.userDisabled');
    } catch (failure) {
      toastServerErrors(errorItems(failure));
    }
  }

  const remove = (user: User) => deleteAfterConfirm(user, setUsers, {
    url: `/api/users/${encodeURIComponent(user._id)}`, confirmKey: 'users.confirmDelete', name: `${user.name} (${user.email})`, failure: 'server',
  });

  return (
    <>
      <PageTitle text={t('users.title')} />
      <button type="button" className="dash-button dash-primary" onClick={() => setAdding(true)}>{t('users.add')}</button>
      <p className="dash-hint">{t('users.disableNotDelete')}</p>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {users && (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="dash-sr-only">{t('users.title')}</caption>
            <thead>
              <tr><th scope="col">{t('users.name')}</th><th scope="col">{t('users.email')}</th><th scope="col">{t('users.role')}</th>
                <th scope="col">{t('users.status')}</th><th scope="col">{t('users.posts')}</th>
                <th scope="col">{t('common.created')}</th><th scope="col">{t('common.actions')}</th></tr>
            </thead>
            <tbody>
              {users.map((user) => {
                const self = user._id === userInfo?._id;
                return (
                  <tr key={user._id}>
                    <td><bdi>{user.name}</bdi>{self && <> {t('users.you')}</>}</td>
                    <td><bdi dir="ltr">{user.email}</bdi></td>
                    <td>{user.role ? t(`users.${user.role}`) : t('users.noRole')}</td>
                    <td>
                      <span className={`dash-badge ${user.active ? 'dash-badge-published' : 'dash-badge-disabled'}`}>{t(user.active ? 'users.active' : 'users.disabled')}</span>
                      {user.mustChangePassword && <> <span className="dash-badge dash-badge-warning">{t('users.mustChange')}</span></>}
                    </td>
                    <td>{user.postCount}</td>
                    <td>{formatDate(user.createdAt, i18n.language)}</td>
                    <td>
                      <div className="dash-row-actions">
                        <button type="button" className="dash-button" onClick={() => setEditing(user)}
                          aria-label={t('users.editNamed', { name: user.email })}>{t('common.edit')}</button>
                        {/* One's own account: no disabling, no reset (use My password), no delete. */}
                        {!self && (user.active
                          ? <button type="button" className="dash-button" onClick={() => void setActive(user, false)}
                            aria-label={t('users.disableNamed', { name: user.email })}>{t('users.disable')}</button>
                          : <button type="button" className="dash-button" onClick={() => void setActive(user, true)}
                            aria-label={t('users.enableNamed', { name: user.email })}>{t('users.enable')}</button>)}
                        {!self && <button type="button" className="dash-button" onClick={() => setResetting(user)}
                          aria-label={t('users.resetNamed', { name: user.email })}>{t('users.resetPassword')}</button>}
                        {!self && user.postCount === 0 && <DeleteButton name={user.email} onDelete={() => void remove(user)} />}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <AddUserModal open={adding} onClose={() => setAdding(false)}
        onCreated={(user) => { setUsers((list) => [user, ...(list ?? [])]); toastSuccess('toast.userAdded'); }} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)}
        onReset={() => {
          const target = resetting;
          setResetting(null);
          if (target) replace({ ...target, mustChangePassword: true });
          toastSuccess('toast.passwordReset');
        }} />
    </>
  );
}
