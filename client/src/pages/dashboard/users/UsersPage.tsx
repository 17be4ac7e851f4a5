// /dashboard/users (admin): the list, the create modal and delete after the bilingual confirmation.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAfterConfirm } from '../../../components/dashboard/deleteAfterConfirm';
import { DeleteButton } from '../../../components/dashboard/DeleteButton';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { useApi } from '../../../api/useApi';
import { formatDate } from '../formatDate';
import { PageTitle } from '../PageTitle';
import type { User } from '@shared/api-types';
import { AddUserModal } from './AddUserModal';

export function UsersPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: users, setData: setUsers, error, loading } = useApi<User[]>('/api/users');
  const [modalOpen, setModalOpen] = useState(false);

  const remove = (user: User) => deleteAfterConfirm(user, setUsers, {
    url: `/api/users/${encodeURIComponent(user._id)}`, confirmKey: 'users.confirmDelete', failure: 'server',
  });

  return (
    <>
      <PageTitle text={t('users.title')} />
      <button type="button" className="dash-button dash-primary" onClick={() => setModalOpen(true)}>{t('users.add')}</button>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {users && (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="dash-sr-only">{t('users.title')}</caption>
            <thead>
              <tr><th scope="col">{t('users.name')}</th><th scope="col">{t('users.email')}</th><th scope="col">{t('users.role')}</th>
                <th scope="col">{t('common.created')}</th><th scope="col">{t('common.actions')}</th></tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user._id}>
                  <td><bdi>{user.name}</bdi></td>
                  <td><bdi dir="ltr">{user.email}</bdi></td>
                  <td>{user.isAdmin ? t('users.admin') : t('users.author')}</td>
                  <td>{formatDate(user.createdAt, i18n.language)}</td>
                  <td>
                    <DeleteButton name={user.email} onDelete={() => void remove(user)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddUserModal open={modalOpen} onClose={() => setModalOpen(false)}
        onCreated={(user) => { setUsers((list) => [user, ...(list ?? [])]); toastSuccess('toast.userAdded'); }} />
    </>
  );
}
