// /dashboard/visits: the privacy-first page views and Contact Us clicks of a chosen period (the last
// 30 days at first). The chart is CSS bars for sighted users and hidden from assistive technology,
// which reads the table instead. The most viewed pages are named (post titles, city names), and the
// daily numbers and the top pages download as CSV files for reports.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { downloadReport } from '../../../components/dashboard/downloadFile';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import type { EventsSummary } from '@shared/api-types';

export function VisitsPage() {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const query = period ? `from=${period.from}&to=${period.to}` : 'days=30';
  const { data: summary, error, loading } = useApi<EventsSummary>(`/api/events/summary?${query}`);
  const [typed, setTyped] = useState<{ from: string; to: string } | null>(null);
  const shown = typed ?? (summary ? { from: summary.from, to: summary.to } : { from: '', to: '' });
  const max = summary ? Math.max(1, ...summary.daily.map((day) => day.pageview)) : 1;
  const csvQuery = `${summary ? `from=${summary.from}&to=${summary.to}` : query}&lang=${i18n.language === 'ar' ? 'ar' : 'en'}`;

  const onShow = (event: FormEvent) => {
    event.preventDefault();
    if (shown.from && shown.to) setPeriod({ from: shown.from, to: shown.to });
  };

  return (
    <>
      <PageTitle text={t('visits.title')} />
      <form className="dash-form dash-inline-form" onSubmit={onShow}>
        <div className="dash-field">
          <label htmlFor={`${id}-from`}>{t('visits.from')}</label>
          <input id={`${id}-from`} type="date" value={shown.from} required dir="ltr" onChange={(event) => setTyped({ ...shown, from: event.target.value })} />
        </div>
        <div className="dash-field">
          <label htmlFor={`${id}-to`}>{t('visits.to')}</label>
          <input id={`${id}-to`} type="date" value={shown.to} required dir="ltr" onChange={(event) => setTyped({ ...shown, to: event.target.value })} />
        </div>
        <button type="submit" className="dash-button dash-primary">{t('visits.show')}</button>
      </form>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {summary && (
        <>
          <p className="dash-hint">{t('visits.range', { from: summary.from, to: summary.to, count: summary.days })}</p>
          <div className="dash-downloads">
            <button type="button" className="dash-button" onClick={() => void downloadReport(`/api/events/daily.csv?${csvQuery}`, 'visits-daily.csv')}>{t('visits.downloadDaily')}</button>
            <button type="button" className="dash-button" onClick={() => void downloadReport(`/api/events/top.csv?${csvQuery}`, 'visits-top-pages.csv')}>{t('visits.downloadTop')}</button>
          </div>
          <dl className="dash-totals">
            <div><dt>{t('visits.pageviews')}</dt><dd data-testid="total-pageviews">{summary.totals.pageview}</dd></div>
            <div><dt>{t('visits.contactClicks')}</dt><dd data-testid="total-contact-clicks">{summary.totals.contact_click}</dd></div>
          </dl>
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
                <thead><tr><th scope="col">{t('visits.path')}</th><th scope="col">{t('visits.address')}</th><th scope="col">{t('visits.pageviews')}</th></tr></thead>
                <tbody>
                  {summary.topPaths.map((row) => (
                    <tr key={row.path}>
                      <td dir="auto">{row.label ?? <bdi dir="ltr">{row.path}</bdi>}</td>
                      <td><bdi dir="ltr">{row.path}</bdi></td>
                      <td>{row.pageview}</td>
                    </tr>
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
