// /dashboard/audit (admin): who changed what, newest first, page by page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { useApi } from '../../../api/useApi';
import { formatDate } from '../formatDate';
import { PageTitle } from '../PageTitle';
import type { AuditEntry } from '@shared/api-types';

export function AuditPage() {
  const { t, i18n } = useTranslation('dashboard');
  const [page, setPage] = useState(1);
  const { data, error, loading } = useApi<{ entries: AuditEntry[]; pages: number }>(`/api/audit?pageNumber=${page}`);
  const pages = Math.max(1, data?.pages ?? 1);

  return (
    <>
      <PageTitle text={t('audit.title')} />
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {data && (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="dash-sr-only">{t('audit.title')}</caption>
            <thead>
              <tr><th scope="col">{t('audit.when')}</th><th scope="col">{t('audit.who')}</th><th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.entity')}</th><th scope="col">{t('audit.changes')}</th></tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry._id}>
                  <td>{formatDate(entry.at, i18n.language)}</td>
                  <td><bdi dir="ltr">{entry.userEmail}</bdi></td>
                  <td>{t(`audit.actions.${entry.action}`)}</td>
                  <td><bdi dir="ltr">{entry.entity} {entry.entityId}</bdi></td>
                  <td><bdi dir="ltr">{Object.keys(entry.changes ?? {}).join(', ')}</bdi></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="dash-pagination" aria-label={t('common.pagination')}>
        <button type="button" className="dash-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('common.previous')}</button>
        <span aria-live="polite">{t('common.pageOf', { page, pages })}</span>
        <button type="button" className="dash-button" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('common.next')}</button>
      </nav>
    </>
  );
}
