// /dashboard/content (docs/product-rules.md, Screens): pick a type, edit both languages, image only for About.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { errorItems } from '../../../components/dashboard/errorText';
import { AltTextField } from '../../../components/dashboard/AltTextField';
import { FileUploadField } from '../../../components/dashboard/FileUploadField';
import { useDraftForm } from '../../../components/dashboard/formDraft';
import { toastServerErrors, toastSuccess } from '../../../components/dashboard/toastStore';
import { useBusyCounter } from '../../../components/dashboard/useBusyCounter';
import { PageTitle } from '../PageTitle';
import { CONTENT_TYPES } from '@shared/domain';
import type { Content, ContentType } from '@shared/api-types';

type ContentForm = Pick<Content, 'contentEn' | 'contentAr' | 'image'> & Partial<Pick<Content, 'imageAltEn' | 'imageAltAr'>>;
const EMPTY_CONTENT: ContentForm = { contentEn: '', contentAr: '', image: '', imageAltEn: null, imageAltAr: null };

export function ContentPage() {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [type, setType] = useState<ContentType>('About');
  const { form, setForm, loading, loadError, markSaved } = useDraftForm<ContentForm, Content>(
    `content:${type}`, EMPTY_CONTENT, `/api/content/${encodeURIComponent(type)}`,
    (content) => ({ contentEn: content.contentEn ?? '', contentAr: content.contentAr ?? '', image: content.image ?? '', imageAltEn: content.imageAltEn ?? null, imageAltAr: content.imageAltAr ?? null }),
  );
  const { contentEn, contentAr, image, imageAltEn = null, imageAltAr = null } = form;
  const set = (key: keyof ContentForm, value: string) => setForm((current) => ({ ...current, [key]: value }));
  const [saving, setSaving] = useState(false);
  const uploads = useBusyCounter();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const body = type === 'About' ? { type, contentEn, contentAr, image, imageAltEn, imageAltAr } : { type, contentEn, contentAr };
      await api.post<Content>(`/api/content/${encodeURIComponent(type)}`, body);
      markSaved(form);
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
          <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value as ContentType)}>
            {CONTENT_TYPES.map((value) => <option key={value} value={value}>{t(`contentTypes.${value}`)}</option>)}
          </select>
        </div>
        <ErrorList error={loadError} />
        <div className="dash-field">
          <label htmlFor={`${id}-en`}>{t('content.english')}</label>
          <textarea id={`${id}-en`} lang="en" dir="ltr" rows={10} value={contentEn} disabled={loading}
            onChange={(event) => set('contentEn', event.target.value)} />
        </div>
        <div className="dash-field">
          <label htmlFor={`${id}-ar`}>{t('content.arabic')}</label>
          <textarea id={`${id}-ar`} lang="ar" dir="rtl" rows={10} value={contentAr} disabled={loading}
            onChange={(event) => set('contentAr', event.target.value)} />
        </div>
        {type === 'About' && (
          <FileUploadField label={t('content.image')} kind="image" value={image ? [image] : []}
            onChange={(paths) => set('image', paths[0] ?? '')} onBusyChange={uploads.onBusyChange} />
        )}
        {type === 'About' && image && (
          <AltTextField imageLabel={t('content.image')} languages={['en', 'ar']} values={{ en: imageAltEn, ar: imageAltAr }}
            onChange={(values) => setForm((current) => ({ ...current, imageAltEn: values.en ?? null, imageAltAr: values.ar ?? null }))} />
        )}
        <button type="submit" className="dash-button dash-primary" disabled={saving || loading || uploads.busy}>{t('common.save')}</button>
      </form>
    </>
  );
}
