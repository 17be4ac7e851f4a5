// /dashboard/rating: the votes of 5, 4, 3, 2 and 1 stars for the website and for the service, as a
// chart with labelled axes and, beside it, the two tables (website and service) that hold every
// figure, and the CSV download.
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { downloadReport } from '../../../components/dashboard/downloadFile';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import { BarChart } from '../charts/BarChart';
import { numberFormat } from '../charts/formats';
import type { RatingCount } from '@shared/api-types';
import { STARS, countsOf } from './ratingCounts';

const SCOPES = ['website', 'service'] as const;

export function RatingPage() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const format = numberFormat(language);
  const { data: rows, error, loading } = useApi<RatingCount[]>('/api/rating/all/all');
  const counts = rows ? { website: countsOf(rows, 'website'), service: countsOf(rows, 'service') } : null;
  const starLabel = (stars: number) => t('rating.starCount', { count: stars });
  return (
    <>
      <PageTitle text={t('rating.title')} />
      <button type="button" className="dash-button" onClick={() => void downloadReport(`/api/rating/counts.csv?lang=${language}`, 'ratings.csv')}>
        {t('rating.download')}
      </button>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {counts && (
        <div className="dash-section dash-chart-with-table">
          <div>
            <BarChart title={t('rating.chartTitle')} rtl={language === 'ar'} formatNumber={format}
              categories={STARS.map(starLabel)} categoryLabel={(index) => starLabel(STARS[index])}
              series={SCOPES.map((scope) => ({ label: t(`rating.${scope}`), values: STARS.map((stars) => counts[scope][stars]) }))}
              categoryTitle={t('rating.stars')} valueTitle={t('rating.votes')} describedBy="rating-table-note" />
            <p id="rating-table-note" className="dash-hint">{t('rating.tableNote')}</p>
          </div>
          <div>
            {SCOPES.map((scope) => (
              <section key={scope} className="dash-section" aria-labelledby={`rating-${scope}`}>
                <h2 id={`rating-${scope}`}>{t(`rating.${scope}`)}</h2>
                <table className="dash-table dash-narrow" data-scope={scope}>
                  <thead><tr><th scope="col">{t('rating.stars')}</th><th scope="col">{t('rating.votes')}</th></tr></thead>
                  <tbody>
                    {STARS.map((stars) => (
                      <tr key={stars}><th scope="row">{starLabel(stars)}</th><td>{format(counts[scope][stars])}</td></tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
        </div>
      )}
    </>
  );
}
