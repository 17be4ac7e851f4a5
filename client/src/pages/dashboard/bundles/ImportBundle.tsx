// Applying a bundle from headquarters: choose the file (the desktop app's chooser reads a USB stick),
// apply, and read what changed. The server checks the whole file before it changes anything.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { FileChooser } from '../../../components/dashboard/FileChooser';
import { FormErrorsContext } from '../../../components/dashboard/formErrors';
import { BUNDLE_KINDS } from '@shared/domain';
import type { ImportReport } from '@shared/api-types';
import { useFileSend } from './useFileSend';

export function ImportBundle({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const { file, setFile, busy, errors, answer: report, onSubmit } = useFileSend<ImportReport>('/api/content-bundles/import', 'bundle', onApplied);

  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bundles.importTitle')}</h2>
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary form={errors} />
        <form onSubmit={onSubmit} noValidate className="dash-form">
          <FileChooser path="bundle" label={t('bundles.bundleFile')} hint={t('bundles.importHint')} accept=".gz,.tgz,application/gzip"
            file={file} onChange={setFile} disabled={busy} />
          <div>
            <button type="submit" className="dash-button dash-primary" disabled={!file || busy}>{t('bundles.import')}</button>
          </div>
          <p className="dash-hint" role="status">{busy ? t('bundles.importing') : ''}</p>
        </form>
      </FormErrorsContext.Provider>
      {report && <ImportResult report={report} />}
    </section>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dash-notice dash-result" role="status">
      <p><bdi>{t('bundles.applied', { id: report.bundleId, source: report.sourceName })}</bdi></p>
      <div className="dash-table-wrap">
        <table className="dash-table dash-narrow" data-testid="bundle-changes">
          <caption className="dash-sr-only">{t('bundles.changesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('bundles.kind')}</th><th scope="col">{t('bundles.added')}</th><th scope="col">{t('bundles.updated')}</th>
              <th scope="col">{t('bundles.deleted')}</th><th scope="col">{t('bundles.unchanged')}</th>
            </tr>
          </thead>
          <tbody>
            {BUNDLE_KINDS.map((kind) => {
              const changes = report.changes[kind];
              return (
                <tr key={kind}>
                  <th scope="row">{t(`bundles.kinds.${kind}`)}</th>
                  <td>{changes.added}</td><td>{changes.updated}</td><td>{changes.deleted}</td><td>{changes.unchanged}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p>{t('bundles.files', { copied: report.files.copied, present: report.files.alreadyPresent })}</p>
      {report.keptDrafts > 0 && <p>{t('bundles.keptDrafts', { count: report.keptDrafts })}</p>}
      {report.keptOwn > 0 && <p>{t('bundles.keptOwn', { count: report.keptOwn })}</p>}
      {report.replacedCities.length > 0 && <p><bdi>{t('bundles.replacedCities', { names: report.replacedCities.join(', ') })}</bdi></p>}
    </div>
  );
}
