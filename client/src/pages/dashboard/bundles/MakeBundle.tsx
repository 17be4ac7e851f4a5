// At headquarters: make a full bundle, or one of the changes since the last, and save it (to a USB
// stick). Shown only when this site has a signing key; otherwise says how to get one.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from './useBusyAction';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { formatDate } from '../formatDate';
import { downloadFile } from '../../../components/dashboard/downloadFile';
import type { BundlesOverview } from '@shared/api-types';

export function MakeBundle({ overview, onMade }: { overview: BundlesOverview; onMade: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const { busy, error, run } = useBusyAction();
  const make = (since: string | null) => run(async () => {
    await downloadFile('/api/content-bundles/export', 'content.tar.gz', { method: 'POST', body: since ? { since } : {} });
    onMade();
  });

  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bundles.makeTitle')}</h2>
      {!overview.signingKey ? <p className="dash-hint">{t('bundles.noSigningKey')}</p> : (
        <>
          <div className="dash-field">
            <label htmlFor={`${id}-key`}>{t('bundles.publicKey')}</label>
            <input id={`${id}-key`} dir="ltr" readOnly value={overview.signingKey} onFocus={(event) => event.currentTarget.select()} />
          </div>
          <div className="dash-actions">
            <button type="button" className="dash-button dash-primary" disabled={busy} onClick={() => void make(null)}>{t('bundles.makeFull')}</button>
            <button type="button" className="dash-button" disabled={busy || overview.made.length === 0} onClick={() => void make('last')}>{t('bundles.makeSince')}</button>
          </div>
          <p className="dash-hint" role="status">{busy ? t('bundles.making') : ''}</p>
          <ErrorList error={error} />
          {overview.made.length > 0 && (
            <div className="dash-table-wrap">
              <table className="dash-table">
                <caption>{t('bundles.madeTitle')}</caption>
                <thead><tr><th scope="col">{t('bundles.bundle')}</th><th scope="col">{t('bundles.made')}</th><th scope="col">{t('bundles.base')}</th></tr></thead>
                <tbody>
                  {overview.made.map((made) => (
                    <tr key={made.bundleId}>
                      <td><bdi dir="ltr">{made.bundleId}</bdi></td>
                      <td>{formatDate(made.createdAt, i18n.language)}</td>
                      <td>{made.baseBundleId ? <bdi dir="ltr">{made.baseBundleId}</bdi> : t('bundles.full')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
