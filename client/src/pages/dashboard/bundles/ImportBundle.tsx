// Applying a bundle from headquarters: choose the file (the desktop app's chooser reads a USB stick),
// apply, and read what changed. The server checks the whole file before it changes anything.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { BUNDLE_KINDS } from '@shared/domain';
import type { ImportReport } from '@shared/api-types';

export function ImportBundle({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  // Remounts the file input after an import so the same file is not applied twice by accident.
  const [inputVersion, setInputVersion] = useState(0);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      const form = new FormData();
      form.append('bundle', file);
      setReport(await apiRequest<ImportReport>('/api/content-bundles/import', { method: 'POST', body: form }));
      setFile(null);
      setInputVersion((version) => version + 1);
      onApplied();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bundles.importTitle')}</h2>
      <form onSubmit={onSubmit} noValidate className="dash-form">
        <div className="dash-field">
          <label htmlFor={`${id}-file`}>{t('bundles.bundleFile')}</label>
          <input key={inputVersion} id={`${id}-file`} type="file" accept=".gz,.tgz,application/gzip" aria-describedby={`${id}-hint`}
            disabled={busy} onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
          <p id={`${id}-hint`} className="dash-hint">{t('bundles.importHint')}</p>
        </div>
        <div>
          <button type="submit" className="dash-button dash-primary" disabled={!file || busy}>{t('bundles.import')}</button>
        </div>
        <p className="dash-hint" role="status">{busy ? t('bundles.importing') : ''}</p>
      </form>
      <ErrorList error={error} />
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
      {report.replacedCities.length > 0 && <p><bdi>{t('bundles.replacedCities', { names: report.replacedCities.join(', ') })}</bdi></p>}
    </div>
  );
}
