// At headquarters: this site's signing key (made here once, its public key copied for the field
// offices), then a full bundle, or one of the changes since the last, saved (to a USB stick). No
// step asks anyone to run a command.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useBusyAction } from './useBusyAction';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { formatDate } from '../formatDate';
import { downloadFile } from '../../../components/dashboard/downloadFile';
import type { BundlesOverview } from '@shared/api-types';

interface MakeBundleProps {
  overview: BundlesOverview;
  onMade: () => void;
  /** The overview after the signing key was made. */
  onKeyMade: (overview: BundlesOverview) => void;
}

export function MakeBundle({ overview, onMade, onKeyMade }: MakeBundleProps) {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const { busy, error, run } = useBusyAction();
  const make = (since: string | null) => run(async () => {
    await downloadFile('/api/content-bundles/export', 'content.tar.gz', { method: 'POST', body: since ? { since } : {} });
    onMade();
  });
  const makeKey = () => run(async () => onKeyMade(await api.post<BundlesOverview>('/api/content-bundles/signing-key')));

  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bundles.makeTitle')}</h2>
      {!overview.signingKey ? (
        <>
          <p className="dash-hint">{t('bundles.noSigningKey')}</p>
          <div className="dash-actions">
            <button type="button" className="dash-button dash-primary" disabled={busy} onClick={() => void makeKey()}>{t('bundles.makeKey')}</button>
          </div>
          <p className="dash-hint" role="status">{busy ? t('bundles.makingKey') : ''}</p>
          <ErrorList error={error} />
        </>
      ) : (
        <>
          <PublicKey line={overview.signingKey} />
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

/** The public key field offices trust, with a button that copies it (also on plain http in the office's network). */
function PublicKey({ line }: { line: string }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  async function copy() {
    try {
      // The clipboard API exists only on https and localhost; elsewhere the selected text is copied.
      if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(line);
      else {
        field.current?.select();
        if (!document.execCommand('copy')) throw new Error('copy refused');
      }
      setCopied('yes');
    } catch {
      field.current?.select();
      setCopied('no');
    }
  }

  return (
    <div className="dash-field">
      <label htmlFor={id}>{t('bundles.publicKey')}</label>
      <p id={`${id}-hint`} className="dash-hint">{t('bundles.publicKeyHint')}</p>
      <div className="dash-search-row">
        <input ref={field} id={id} dir="ltr" readOnly value={line} aria-describedby={`${id}-hint`} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="dash-button" onClick={() => void copy()}>{t('bundles.copyKey')}</button>
      </div>
      <p className="dash-hint" role="status">{copied === 'yes' ? t('bundles.copied') : copied === 'no' ? t('bundles.copyByHand') : ''}</p>
    </div>
  );
}
