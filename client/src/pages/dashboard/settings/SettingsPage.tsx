// /dashboard/settings (admin): the site-wide settings the public site reads, today the quick-exit address.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { TextField } from '../../../components/dashboard/Field';
import { FormErrorsContext, useFormErrors } from '../../../components/dashboard/formErrors';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import type { Settings } from '@shared/api-types';

export function SettingsPage() {
  const { t } = useTranslation('dashboard');
  const { data, error, loading } = useApi<Settings>('/api/settings');
  // What the admin typed; until then the saved address is shown.
  const [edited, setQuickExitUrl] = useState<string | null>(null);
  const quickExitUrl = edited ?? data?.quickExitUrl ?? '';
  const errors = useFormErrors();
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await api.put<Settings>('/api/settings', { quickExitUrl: quickExitUrl.trim() });
      setQuickExitUrl(saved.quickExitUrl);
      errors.clear();
      toastSuccess();
    } catch (failure) {
      errors.showFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageTitle text={t('settings.title')} />
      <ErrorList error={error} />
      {loading ? <p role="status">{t('common.loading')}</p> : (
        <FormErrorsContext.Provider value={errors}>
          <ErrorSummary form={errors} />
          <form onSubmit={onSubmit} noValidate className="dash-form">
            <TextField path="quickExitUrl" label={t('settings.quickExitUrl')} hint={t('settings.quickExitHint')} type="url" dir="ltr" value={quickExitUrl}
              onChange={setQuickExitUrl} />
            <div><button type="submit" className="dash-button dash-primary" disabled={saving}>{t('common.save')}</button></div>
          </form>
        </FormErrorsContext.Provider>
      )}
    </>
  );
}
