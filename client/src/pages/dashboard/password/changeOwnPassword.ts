// The own password change. The server ends every session of the user, this one included, so the
// dashboard logs in again at once with the new password: the user stays in, other devices do not.
import type { LoginAnswer } from '@shared/api-types';
import { api } from '../../../api/client';
import { session, storeUser } from '../../../state/session';

export async function changeOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
  const email = session.userInfo?.email ?? '';
  await api.put('/api/users/me/password', { currentPassword, newPassword });
  storeUser(await api.post<LoginAnswer>('/api/users/login', { email, password: newPassword }));
}
