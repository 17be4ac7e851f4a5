// /dashboard/visits: the privacy-first page views and Contact Us clicks of the last 30 days. The chart
// is CSS bars for sighted users and hidden from assistive technology, which reads the table instead.
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import type { EventsSummary } from '@shared/api-types';

export function VisitsPage() {
  const { t } = useTranslation('dashboard');
  const { data: summary, error, loading } = useApi<EventsSummary>('/api/events/summary?days=30');
  const max = summary ? Math.max(1, ...summary.daily.map((day) => day.pageview)) : 1;

  return (
    <>
      <PageTitle text={t('visits.title')} />
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {summary && (
        <>
          <dl className="dash-totals">
            <div><dt>{t('visits.pageviews')}</dt><dd data-testid="total-pageviews">{summary.totals.pageview}</dd></div>
            <div><dt>{t('visits.contactClicks')}</dt><dd data-testid="total-contact-clicks">{summary.totals.contact_click}</dd></div>
          </dl>
          <p className="dash-hint">{t('visits.period', { count: summary.days })}</p>
          <div className="dash-chart" aria-hidden="true">
            {summary.daily.map((day) => (
              <div key={day.day} className="dash-chart-col" title={`${day.day}: ${day.pageview}`}>
                <div className="dash-chart-bar" style={{ blockSize: `${(day.pageview / max) * 100}%` }} />
                <div className="dash-chart-bar dash-chart-bar-click" style={{ blockSize: `${(day.contact_click / max) * 100}%` }} />
              </div>
            ))}
          </div>
          <p className="dash-legend" aria-hidden="true">
            <span className="dash-swatch" /> {t('visits.pageviews')} <span className="dash-swatch dash-swatch-click" /> {t('visits.contactClicks')}
          </p>
          <details className="dash-section">
            <summary>{t('visits.dailyTable')}</summary>
            <table className="dash-table dash-narrow">
              <thead><tr><th scope="col">{t('visits.day')}</th><th scope="col">{t('visits.pageviews')}</th><th scope="col">{t('visits.contactClicks')}</th></tr></thead>
              <tbody>
                {summary.daily.map((day) => (
                  <tr key={day.day}><th scope="row"><bdi dir="ltr">{day.day}</bdi></th><td>{day.pageview}</td><td>{day.contact_click}</td></tr>
                ))}
              </tbody>
            </table>
          </details>
          <section className="dash-section" aria-labelledby="visits-top">
            <h2 id="visits-top">{t('visits.topPaths')}</h2>
            {summary.topPaths.length === 0 ? <p>{t('common.empty')}</p> : (
              <table className="dash-table dash-narrow">
                <thead><tr><th scope="col">{t('visits.path')}</th><th scope="col">{t('visits.pageviews')}</th></tr></thead>
                <tbody>
                  {summary.topPaths.map((row) => (
                    <tr key={row.path}><td><bdi dir="ltr">{row.path}</bdi></td><td>{row.pageview}</td></tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </>
  );
}
