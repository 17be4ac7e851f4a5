// Figures both ways: a field office saves its own for headquarters; headquarters adds the files it
// receives and reads each office's totals.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from './useBusyAction';
import { useApi } from '../../../api/useApi';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { downloadFile } from '../../../components/dashboard/downloadFile';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { FileChooser } from '../../../components/dashboard/FileChooser';
import { FormErrorsContext } from '../../../components/dashboard/formErrors';
import { useFileSend } from './useFileSend';
import type { FiguresReport, OfficeSummary } from '@shared/api-types';

export function SaveFigures() {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const { busy, error, run } = useBusyAction();
  const save = () => run(() => downloadFile('/api/content-bundles/figures', 'office-figures.json.gz'));

  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bundles.figuresTitle')}</h2>
      <p className="dash-hint">{t('bundles.figuresHint')}</p>
      <div className="dash-actions">
        <button type="button" className="dash-button dash-primary" disabled={busy} onClick={() => void save()}>{t('bundles.saveFigures')}</button>
      </div>
      <ErrorList error={error} />
    </section>
  );
}

export function OfficesFigures() {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const { data: offices, error: loadError, reload } = useApi<OfficeSummary[]>('/api/content-bundles/offices');
  const { file, setFile, busy, errors, answer: report, onSubmit } = useFileSend<FiguresReport>('/api/content-bundles/offices/import', 'figures', reload);
  const rating = (value: { votes: number; average: number }) => t('bundles.rating', { average: value.average, votes: value.votes });

  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bundles.officesTitle')}</h2>
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary form={errors} />
        <form onSubmit={onSubmit} noValidate className="dash-form">
          <FileChooser path="figures" label={t('bundles.figuresFile')} accept=".gz,application/gzip" file={file} onChange={setFile} disabled={busy} />
          <div><button type="submit" className="dash-button dash-primary" disabled={!file || busy}>{t('bundles.importFigures')}</button></div>
        </form>
      </FormErrorsContext.Provider>
      <ErrorList error={loadError} />
      {report && (
        <p className="dash-notice" role="status">
          <bdi>{report.alreadyImported
            ? t('bundles.figuresAlready', { office: report.office })
            : t('bundles.figuresAdded', { office: report.office, from: report.fromDay, to: report.toDay })}</bdi>
        </p>
      )}
      {offices && offices.length > 0 && (
        <div className="dash-table-wrap">
          <table className="dash-table" data-testid="office-figures">
            <caption className="dash-sr-only">{t('bundles.officesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('bundles.office')}</th><th scope="col">{t('bundles.upTo')}</th><th scope="col">{t('bundles.visitors')}</th>
                <th scope="col">{t('bundles.pageviews')}</th><th scope="col">{t('bundles.contactClicks')}</th>
                <th scope="col">{t('bundles.websiteRating')}</th><th scope="col">{t('bundles.serviceRating')}</th>
              </tr>
            </thead>
            <tbody>
              {offices.map((office) => (
                <tr key={office.office}>
                  <th scope="row"><bdi>{office.office}</bdi></th>
                  <td><bdi dir="ltr">{office.toDay}</bdi></td>
                  <td>{office.visitors}</td><td>{office.pageviews}</td><td>{office.contactClicks}</td>
                  <td>{rating(office.ratings.website)}</td><td>{rating(office.ratings.service)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
