// Which headquarters keys this site trusts (pasted as headquarters gives them), and its name (on its
// figures and on bundles made here). A refused key is named by its line ("Trusted key 2: ...").
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { TextField } from '../../../components/dashboard/Field';
import { FormErrorsContext, useFormErrors } from '../../../components/dashboard/formErrors';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import type { BundlesOverview } from '@shared/api-types';

export function BundleSettings({ overview, onSaved }: { overview: BundlesOverview; onSaved: (overview: BundlesOverview) => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [keys, setKeys] = useState(overview.trustedKeys.join('\n'));
  const [name, setName] = useState(overview.officeName ?? '');
  const [saving, setSaving] = useState(false);
  const errors = useFormErrors();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const trustedKeys = keys.split(/\s+/).filter((key) => key !== '');
      const saved = await api.put<BundlesOverview>('/api/content-bundles/settings', { trustedKeys, officeName: name });
      setKeys(saved.trustedKeys.join('\n'));
      setName(saved.officeName ?? '');
      errors.clear();
      onSaved(saved);
      toastSuccess();
    } catch (failure) {
      errors.showFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="dash-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bundles.settingsTitle')}</h2>
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary form={errors} />
        <form onSubmit={onSubmit} noValidate className="dash-form">
          <TextField path="trustedKeys" label={t('bundles.trustedKeys')} hint={t('bundles.trustedKeysHint')} rows={3} dir="ltr" value={keys} onChange={setKeys} />
          {overview.environmentKeys.length > 0 && (
            <div>
              <p className="dash-hint">{t('bundles.environmentKeys')}</p>
              <ul className="dash-key-list">{overview.environmentKeys.map((key) => <li key={key}><code dir="ltr">{key}</code></li>)}</ul>
            </div>
          )}
          <TextField path="officeName" label={t('bundles.officeName')} maxLength={100} value={name} onChange={setName}
            hint={<>{t('bundles.officeNameHint')}{overview.environmentOfficeName && <> <bdi>{t('bundles.environmentName', { name: overview.environmentOfficeName })}</bdi></>}</>} />
          <div><button type="submit" className="dash-button dash-primary" disabled={saving}>{t('common.save')}</button></div>
        </form>
      </FormErrorsContext.Provider>
    </section>
  );
}
