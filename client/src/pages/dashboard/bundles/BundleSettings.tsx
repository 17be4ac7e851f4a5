// Which headquarters keys this site trusts, and its name (on its figures and on bundles made here).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from './useBusyAction';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import type { BundlesOverview } from '@shared/api-types';

export function BundleSettings({ overview, onSaved }: { overview: BundlesOverview; onSaved: (overview: BundlesOverview) => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [keys, setKeys] = useState(overview.trustedKeys.join('\n'));
  const [name, setName] = useState(overview.officeName ?? '');
  const { busy: saving, error, run } = useBusyAction();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const trustedKeys = keys.split(/\s+/).filter((key) => key !== '');
      const saved = await api.put<BundlesOverview>('/api/content-bundles/settings', { trustedKeys, officeName: name });
      setKeys(saved.trustedKeys.join('\n'));
      setName(saved.officeName ?? '');
      onSaved(saved);
      toastSuccess();
    });
  }

  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bundles.settingsTitle')}</h2>
      <form onSubmit={onSubmit} noValidate className="dash-form">
        <div className="dash-field">
          <label htmlFor={`${id}-keys`}>{t('bundles.trustedKeys')}</label>
          <textarea id={`${id}-keys`} dir="ltr" rows={3} spellCheck={false} value={keys} aria-describedby={`${id}-keys-hint`}
            onChange={(event) => setKeys(event.target.value)} />
          <p id={`${id}-keys-hint`} className="dash-hint">{t('bundles.trustedKeysHint')}</p>
        </div>
        {overview.environmentKeys.length > 0 && (
          <div>
            <p className="dash-hint">{t('bundles.environmentKeys')}</p>
            <ul className="dash-key-list">{overview.environmentKeys.map((key) => <li key={key}><code dir="ltr">{key}</code></li>)}</ul>
          </div>
        )}
        <div className="dash-field">
          <label htmlFor={`${id}-name`}>{t('bundles.officeName')}</label>
          <input id={`${id}-name`} value={name} maxLength={100} aria-describedby={`${id}-name-hint`} onChange={(event) => setName(event.target.value)} />
          <p id={`${id}-name-hint`} className="dash-hint">
            {t('bundles.officeNameHint')}
            {overview.environmentOfficeName && <> <bdi>{t('bundles.environmentName', { name: overview.environmentOfficeName })}</bdi></>}
          </p>
        </div>
        <ErrorList error={error} />
        <div><button type="submit" className="dash-button dash-primary" disabled={saving}>{t('common.save')}</button></div>
      </form>
    </section>
  );
}
