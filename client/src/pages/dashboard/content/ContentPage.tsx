// /dashboard/content (SPEC.md section 2): pick a type, edit both languages, image only for About.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { errorItems, isAbort } from '../../../components/dashboard/errorText';
import { FileUploadField } from '../../../components/dashboard/FileUploadField';
import { clearDraft, readDraft, useDraftSync } from '../../../components/dashboard/formDraft';
import { toastServerErrors, toastSuccess } from '../../../components/dashboard/toastStore';
import { useBusyCounter } from '../../../components/dashboard/useApiData';
import { PageTitle } from '../PageTitle';
import { CONTENT_TYPES, type Content, type ContentType } from '../types';

export function ContentPage() {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [type, setType] = useState<ContentType>('About');
  const [contentEn, setContentEn] = useState('');
  const [contentAr, setContentAr] = useState('');
  const [image, setImage] = useState('');
  // The texts as loaded: typed changes are kept as a draft until saved (see formDraft.ts).
  const [base, setBase] = useState({ contentEn: '', contentAr: '', image: '' });
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const uploads = useBusyCounter();

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setLoadError(null);
    api.get<Content>(`/api/content/${encodeURIComponent(type)}`, controller.signal)
      .then((content) => {
        const loaded = { contentEn: content.contentEn ?? '', contentAr: content.contentAr ?? '', image: content.image ?? '' };
        const shown = readDraft<typeof loaded>(`content:${type}`) ?? loaded;
        setBase(loaded);
        setContentEn(shown.contentEn);
        setContentAr(shown.contentAr);
        setImage(shown.image);
        setLoading(false);
      })
      .catch((error: unknown) => { if (!isAbort(error)) { setLoadError(error); setLoading(false); } });
    return () => controller.abort();
  }, [type]);

  useDraftSync(`content:${type}`, { contentEn, contentAr, image }, base, !loading);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const body = type === 'About' ? { type, contentEn, contentAr, image } : { type, contentEn, contentAr };
      await api.post<Content>(`/api/content/${encodeURIComponent(type)}`, body);
      clearDraft(`content:${type}`);
      setBase({ contentEn, contentAr, image });
      toastSuccess();
    } catch (error) {
      toastServerErrors(errorItems(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageTitle text={t('content.title')} />
      <form onSubmit={onSubmit} noValidate className="dash-form">
        <div className="dash-field">
          <label htmlFor={`${id}-type`}>{t('content.type')}</label>
          <select id={`${id}-type`} value={type} onChange={(event) => {
            // Loading at once, in the same render as the new type, so no draft is written under the wrong type.
            setLoading(true);
            setType(event.target.value as ContentType);
          }}>
            {CONTENT_TYPES.map((value) => <option key={value} value={value}>{t(`contentTypes.${value}`)}</option>)}
          </select>
        </div>
        <ErrorList error={loadError} />
        <div className="dash-field">
          <label htmlFor={`${id}-en`}>{t('content.english')}</label>
          <textarea id={`${id}-en`} lang="en" dir="ltr" rows={10} value={contentEn} disabled={loading}
            onChange={(event) => setContentEn(event.target.value)} />
        </div>
        <div className="dash-field">
          <label htmlFor={`${id}-ar`}>{t('content.arabic')}</label>
          <textarea id={`${id}-ar`} lang="ar" dir="rtl" rows={10} value={contentAr} disabled={loading}
            onChange={(event) => setContentAr(event.target.value)} />
        </div>
        {type === 'About' && (
          <FileUploadField label={t('content.image')} kind="image" value={image ? [image] : []}
            onChange={(paths) => setImage(paths[0] ?? '')} onBusyChange={uploads.onBusyChange} />
        )}
        <button type="submit" className="dash-button dash-primary" disabled={saving || loading || uploads.busy}>{t('common.save')}</button>
      </form>
    </>
  );
}
