// /dashboard/rating: two tables, website and service, counting 5, 4, 3, 2 and 1 star votes.
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { downloadReport } from '../../../components/dashboard/downloadFile';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import type { RatingCount } from '@shared/api-types';
import { STARS, countsOf } from './ratingCounts';

export function RatingPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: rows, error, loading } = useApi<RatingCount[]>('/api/rating/all/all');
  return (
    <>
      <PageTitle text={t('rating.title')} />
      <button type="button" className="dash-button" onClick={() => void downloadReport(`/api/rating/counts.csv?lang=${i18n.language === 'ar' ? 'ar' : 'en'}`, 'ratings.csv')}>
        {t('rating.download')}
      </button>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {rows && (['website', 'service'] as const).map((scope) => {
        const counts = countsOf(rows, scope);
        return (
          <section key={scope} className="dash-section" aria-labelledby={`rating-${scope}`}>
            <h2 id={`rating-${scope}`}>{t(`rating.${scope}`)}</h2>
            <table className="dash-table dash-narrow" data-scope={scope}>
              <thead><tr><th scope="col">{t('rating.stars')}</th><th scope="col">{t('rating.votes')}</th></tr></thead>
              <tbody>
                {STARS.map((stars) => (
                  <tr key={stars}><th scope="row">{t('rating.starCount', { count: stars })}</th><td>{counts[stars]}</td></tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}
