// /dashboard/visits: the privacy-first page views and Contact Us clicks of a chosen period (the last
// 30 days at first): a chart with labelled axes and the table of every day beside it, the most viewed
// pages named by their titles in the reader's language, and two CSV downloads for reports. A period
// the server refuses is shown beside its date field.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { TextField } from '../../../components/dashboard/Field';
import { FormErrorsContext, useReadErrors } from '../../../components/dashboard/formErrors';
import { downloadReport } from '../../../components/dashboard/downloadFile';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import { BarChart } from '../charts/BarChart';
import { dayLabel, leftToRight, numberFormat } from '../charts/formats';
import type { EventsSummary } from '@shared/api-types';

export function VisitsPage() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const query = `${period ? `from=${period.from}&to=${period.to}` : 'days=30'}&lang=${language}`;
  const { data: summary, error, loading } = useApi<EventsSummary>(`/api/events/summary?${query}`);
  const errors = useReadErrors(error);
  const [typed, setTyped] = useState<{ from: string; to: string } | null>(null);
  const shown = typed ?? (summary ? { from: summary.from, to: summary.to } : { from: '', to: '' });
  const csvQuery = summary ? `from=${summary.from}&to=${summary.to}&lang=${language}` : query;
  const format = numberFormat(language);

  const onShow = (event: FormEvent) => {
    event.preventDefault();
    setPeriod({ from: shown.from, to: shown.to });
  };

  return (
    <>
      <PageTitle text={t('visits.title')} />
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary form={errors} />
        <form className="dash-form dash-inline-form" onSubmit={onShow} noValidate>
          <TextField path="from" label={t('visits.from')} type="date" dir="ltr" value={shown.from} onChange={(from) => setTyped({ ...shown, from })} />
          <TextField path="to" label={t('visits.to')} type="date" dir="ltr" value={shown.to} onChange={(to) => setTyped({ ...shown, to })} />
          <div><button type="submit" className="dash-button dash-primary">{t('visits.show')}</button></div>
        </form>
      </FormErrorsContext.Provider>
      {loading && <p role="status">{t('common.loading')}</p>}
      {summary && (
        <>
          <p className="dash-hint">{t('visits.range', { from: leftToRight(summary.from), to: leftToRight(summary.to), count: summary.days })}</p>
          <div className="dash-downloads">
            <button type="button" className="dash-button" onClick={() => void downloadReport(`/api/events/daily.csv?${csvQuery}`, 'visits-daily.csv')}>{t('visits.downloadDaily')}</button>
            <button type="button" className="dash-button" onClick={() => void downloadReport(`/api/events/top.csv?${csvQuery}`, 'visits-top-pages.csv')}>{t('visits.downloadTop')}</button>
          </div>
          <dl className="dash-totals">
            <div><dt>{t('visits.pageviews')}</dt><dd data-testid="total-pageviews">{summary.totals.pageview}</dd></div>
            <div><dt>{t('visits.contactClicks')}</dt><dd data-testid="total-contact-clicks">{summary.totals.contact_click}</dd></div>
          </dl>
          <div className="dash-section dash-chart-with-table">
            <div>
              <BarChart title={t('visits.chartTitle')} rtl={language === 'ar'} formatNumber={format}
                categories={summary.daily.map((day) => day.day)} categoryLabel={(index) => dayLabel(summary.daily[index].day, language)}
                series={[
                  { label: t('visits.pageviews'), values: summary.daily.map((day) => day.pageview) },
                  { label: t('visits.contactClicks'), values: summary.daily.map((day) => day.contact_click) },
                ]}
                categoryTitle={t('visits.day')} valueTitle={t('visits.perDay')} describedBy="visits-table-note" />
              <p id="visits-table-note" className="dash-hint">{t('visits.tableNote')}</p>
            </div>
            {/* A scrolled box must take focus so keyboard users can scroll it (axe: scrollable-region-focusable). */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <div className="dash-table-scroll" tabIndex={0} role="region" aria-labelledby="visits-table-caption">
              <table className="dash-table dash-narrow">
                <caption id="visits-table-caption">{t('visits.dailyTable')}</caption>
                <thead><tr><th scope="col">{t('visits.day')}</th><th scope="col">{t('visits.pageviews')}</th><th scope="col">{t('visits.contactClicks')}</th></tr></thead>
                <tbody>
                  {summary.daily.map((day) => (
                    <tr key={day.day}><th scope="row" className="dash-nowrap"><bdi dir="ltr">{day.day}</bdi></th><td>{format(day.pageview)}</td><td>{format(day.contact_click)}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <section className="dash-section" aria-labelledby="visits-top">
            <h2 id="visits-top">{t('visits.topPaths')}</h2>
            {summary.topPaths.length === 0 ? <p>{t('common.empty')}</p> : (
              <table className="dash-table dash-narrow">
                <thead><tr><th scope="col">{t('visits.path')}</th><th scope="col">{t('visits.address')}</th><th scope="col">{t('visits.pageviews')}</th></tr></thead>
                <tbody>
                  {summary.topPaths.map((row) => (
                    <tr key={row.path}>
                      <td>{row.label !== null ? <span dir="auto">{row.label}</span>
                        : <span className="dash-hint">{t(row.path.startsWith('/p/') ? 'visits.unnamedPost' : 'visits.unknownPage')}</span>}</td>
                      <td><bdi dir="ltr">{row.path}</bdi></td>
                      <td>{format(row.pageview)}</td>
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
