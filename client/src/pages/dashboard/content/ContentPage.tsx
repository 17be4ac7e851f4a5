// /dashboard/content (docs/product-rules.md, Screens): pick a type, edit both languages, image only for About.
// A refused save shows each problem beside its field, listed at the top.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { SelectField, TextField } from '../../../components/dashboard/Field';
import { FormErrorsContext, useFormErrors } from '../../../components/dashboard/formErrors';
import { AltTextField } from '../../../components/dashboard/AltTextField';
import { FileUploadField } from '../../../components/dashboard/FileUploadField';
import { useDraftForm } from '../../../components/dashboard/formDraft';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { useBusyCounter } from '../../../components/dashboard/useBusyCounter';
import { VisitorPreview } from '../../../components/dashboard/VisitorPreview';
import { PageTitle } from '../PageTitle';
import { CONTENT_TYPES } from '@shared/domain';
import type { Content, ContentType } from '@shared/api-types';

type ContentForm = Pick<Content, 'contentEn' | 'contentAr' | 'image'> & Partial<Pick<Content, 'imageAltEn' | 'imageAltAr'>>;
const EMPTY_CONTENT: ContentForm = { contentEn: '', contentAr: '', image: '', imageAltEn: null, imageAltAr: null };

export function ContentPage() {
  const { t } = useTranslation('dashboard');
  const [type, setType] = useState<ContentType>('About');
  const { form, setForm, loading, loadError, markSaved } = useDraftForm<ContentForm, Content>(
    `content:${type}`, EMPTY_CONTENT, `/api/content/${encodeURIComponent(type)}`,
    (content) => ({ contentEn: content.contentEn ?? '', contentAr: content.contentAr ?? '', image: content.image ?? '', imageAltEn: content.imageAltEn ?? null, imageAltAr: content.imageAltAr ?? null }),
  );
  const { contentEn, contentAr, image, imageAltEn = null, imageAltAr = null } = form;
  const set = (key: keyof ContentForm, value: string) => setForm((current) => ({ ...current, [key]: value }));
  const [saving, setSaving] = useState(false);
  const uploads = useBusyCounter();
  const errors = useFormErrors();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const body = type === 'About' ? { type, contentEn, contentAr, image, imageAltEn, imageAltAr } : { type, contentEn, contentAr };
      await api.post<Content>(`/api/content/${encodeURIComponent(type)}`, body);
      markSaved(form);
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
      <PageTitle text={t('content.title')} />
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary form={errors} />
        <form onSubmit={onSubmit} noValidate className="dash-form">
          <SelectField path="type" label={t('content.type')} value={type} options={CONTENT_TYPES.map((value) => [value, t(`contentTypes.${value}`)] as const)}
            onChange={(value) => { errors.clear(); setType(value); }} />
          <ErrorList error={loadError} />
          <TextField path="contentEn" label={t('content.english')} lang="en" dir="ltr" rows={10} value={contentEn} disabled={loading}
            onChange={(value) => set('contentEn', value)} />
          <VisitorPreview text={contentEn} language="en" />
          <TextField path="contentAr" label={t('content.arabic')} lang="ar" dir="rtl" rows={10} value={contentAr} disabled={loading}
            onChange={(value) => set('contentAr', value)} />
          <VisitorPreview text={contentAr} language="ar" />
          {type === 'About' && (
            <FileUploadField path="image" label={t('content.image')} kind="image" value={image ? [image] : []}
              onChange={(paths) => set('image', paths[0] ?? '')} onBusyChange={uploads.onBusyChange} />
          )}
          {type === 'About' && image && (
            <AltTextField imageLabel={t('content.image')} languages={['en', 'ar']} paths={{ en: 'imageAltEn', ar: 'imageAltAr' }} values={{ en: imageAltEn, ar: imageAltAr }}
              onChange={(values) => setForm((current) => ({ ...current, imageAltEn: values.en ?? null, imageAltAr: values.ar ?? null }))} />
          )}
          <div><button type="submit" className="dash-button dash-primary" disabled={saving || loading || uploads.busy}>{t('common.save')}</button></div>
        </form>
      </FormErrorsContext.Provider>
    </>
  );
}
