// /dashboard/settings (admin): the site-wide settings the public site reads, today the quick-exit address.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import type { Settings } from '@shared/api-types';

export function SettingsPage() {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const { data, error, loading } = useApi<Settings>('/api/settings');
  // What the admin typed; until then the saved address is shown.
  const [edited, setQuickExitUrl] = useState<string | null>(null);
  const quickExitUrl = edited ?? data?.quickExitUrl ?? '';
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await api.put<Settings>('/api/settings', { quickExitUrl: quickExitUrl.trim() });
      setQuickExitUrl(saved.quickExitUrl);
      toastSuccess();
    } catch (failure) {
      setSaveError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageTitle text={t('settings.title')} />
      <ErrorList error={error} />
      {loading ? <p role="status">{t('common.loading')}</p> : (
        <form onSubmit={onSubmit} noValidate className="dash-form">
          <div className="dash-field">
            <label htmlFor={id}>{t('settings.quickExitUrl')}</label>
            <input id={id} type="url" dir="ltr" value={quickExitUrl} aria-describedby={`${id}-hint`}
              onChange={(event) => setQuickExitUrl(event.target.value)} />
            <p id={`${id}-hint`} className="dash-hint">{t('settings.quickExitHint')}</p>
          </div>
          <ErrorList error={saveError} />
          <button type="submit" className="dash-button dash-primary" disabled={saving}>{t('common.save')}</button>
        </form>
      )}
    </>
  );
}
