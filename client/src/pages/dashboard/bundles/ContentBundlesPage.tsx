// /dashboard/content-bundles (admin): headquarters' content to field offices on a USB stick, and the
// offices' figures back. The desktop app opens this screen; its file chooser reads the stick.
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api/useApi';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { formatDate } from '../formatDate';
import { PageTitle } from '../PageTitle';
import { BundleSettings } from './BundleSettings';
import { ImportBundle } from './ImportBundle';
import { MakeBundle } from './MakeBundle';
import { OfficesFigures, SaveFigures } from './OfficeFigures';
import type { BundlesOverview } from '@shared/api-types';

export function ContentBundlesPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: overview, setData, reload, error, loading } = useApi<BundlesOverview>('/api/content-bundles');

  return (
    <>
      <PageTitle text={t('bundles.title')} />
      <p className="dash-hint">{t('bundles.intro')}</p>
      <ImportBundle onApplied={reload} />
      <ErrorList error={error} />
      {loading && !overview && <p role="status">{t('common.loading')}</p>}
      {overview && (
        <>
          {overview.applied.length > 0 && (
            <div className="dash-table-wrap">
              <table className="dash-table" data-testid="bundles-applied">
                <caption>{t('bundles.appliedTitle')}</caption>
                <thead>
                  <tr><th scope="col">{t('bundles.bundle')}</th><th scope="col">{t('bundles.from')}</th><th scope="col">{t('bundles.made')}</th><th scope="col">{t('bundles.appliedAt')}</th></tr>
                </thead>
                <tbody>
                  {overview.applied.map((applied) => (
                    <tr key={applied.bundleId}>
                      <td><bdi dir="ltr">{applied.bundleId}</bdi></td>
                      <td><bdi>{applied.sourceName}</bdi></td>
                      <td>{formatDate(applied.createdAt, i18n.language)}</td>
                      <td>{formatDate(applied.appliedAt, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {/* A field office's work first, then headquarters', then what is set once. */}
          <SaveFigures />
          <MakeBundle overview={overview} onMade={reload} onKeyMade={setData} />
          <OfficesFigures />
          {/* Keyed by what was saved, so a reload shows the stored values in the form. */}
          <BundleSettings key={`${overview.trustedKeys.join(',')}|${overview.officeName ?? ''}`} overview={overview} onSaved={setData} />
        </>
      )}
    </>
  );
}
