// /dashboard/posts/addpost and /dashboard/posts/{id}: the post form of docs/product-rules.md, Screens and Validation.
// A failed save keeps every value in the form and shows each problem beside its field, listed in
// the error summary at the top. A scheduled post
// takes its publication time in Baghdad time; the counterpart in the other language is picked here.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
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
import { baghdadInputToIso, isoToBaghdadInput } from '../../../lib/baghdadTime';
import { PageTitle } from '../PageTitle';
import { TranslationPicker } from './TranslationPicker';
import { POST_STATES, POST_TYPES } from '@shared/domain';
import type { Post } from '@shared/api-types';

type PostForm = Pick<Post, 'title' | 'describtion' | 'image' | 'imageAlt' | 'pictures' | 'picturesAlt' | 'video' | 'language' | 'type' | 'pdf' | 'state' | 'translationOf'> & {
  /** The datetime-local value, Baghdad wall time ("2030-07-30T00:00"), or ''. */
  publishAt: string;
};

// docs/product-rules.md, Constants: a new post starts as International, English; docs/api-contract.md: published by default.
const NEW_POST: PostForm = {
  title: '', describtion: '', image: '', imageAlt: null, pictures: [], picturesAlt: [], video: '', language: 'en', type: 'International', pdf: '',
  state: 'published', publishAt: '', translationOf: null,
};

/** Each picture keeps its alt text when pictures are added or removed. */
function realign(before: string[], alts: Array<string | null>, after: string[]): Array<string | null> {
  const altOf = new Map(before.map((path, index) => [path, alts[index] ?? null]));
  return after.map((path) => altOf.get(path) ?? null);
}

export function PostFormPage({ id }: { id: string | null }) {
  const { t } = useTranslation('dashboard');
  const [, navigate] = useLocation();
  const { form, setForm, base, loading, loadError, changed, restored, setRestored, markSaved } = useDraftForm<PostForm, Post>(
    `post:${id ?? 'new'}`, NEW_POST, id === null ? null : `/api/posts/${encodeURIComponent(id)}`,
    (post) => ({ title: post.title, describtion: post.describtion, image: post.image ?? '', imageAlt: post.imageAlt ?? null,
      pictures: post.pictures ?? [], picturesAlt: (post.pictures ?? []).map((_, index) => post.picturesAlt?.[index] ?? null),
      video: post.video ?? '', language: post.language, type: post.type, pdf: post.pdf ?? '', state: post.state ?? 'published',
      publishAt: post.publishAt ? isoToBaghdadInput(post.publishAt) : '', translationOf: post.translationOf ?? null }),
  );
  const [saving, setSaving] = useState(false);
  const uploads = useBusyCounter();
  const errors = useFormErrors();

  const set = <K extends keyof PostForm>(key: K, value: PostForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const body = {
        ...form, title: form.title.trim(), video: form.video.trim(),
        publishAt: form.state === 'scheduled' && form.publishAt ? baghdadInputToIso(form.publishAt) : null,
      };
      if (id === null) await api.post<Post>('/api/posts', body);
      else await api.put<Post>(`/api/posts/${encodeURIComponent(id)}`, body);
      markSaved(form);
      toastSuccess();
      navigate('/posts');
    } catch (failure) {
      errors.showFailure(failure);
      setSaving(false);
    }
  }

  return (
    <>
      <PageTitle text={t(id === null ? 'posts.addTitle' : 'posts.editTitle')} />
      <ErrorList error={loadError} />
      {loading ? <p role="status">{t('common.loading')}</p> : (
        <FormErrorsContext.Provider value={errors}>
          <ErrorSummary form={errors} />
          <form onSubmit={onSubmit} noValidate className="dash-form">
            {restored && changed && (
              <div className="dash-notice" role="status">
                {t('posts.draftRestored')}{' '}
                <button type="button" className="dash-button" onClick={() => { setForm(base); setRestored(false); }}>{t('posts.discardDraft')}</button>
              </div>
            )}
            {/* In the post's direction, as its page shows it. */}
            <TextField path="title" label={t('posts.postTitle')} value={form.title} maxLength={150} lang={form.language} dir={form.language === 'ar' ? 'rtl' : 'ltr'}
              onChange={(value) => set('title', value)} />
            <TextField path="describtion" label={t('posts.description')} rows={10} value={form.describtion} lang={form.language} dir={form.language === 'ar' ? 'rtl' : 'ltr'}
              onChange={(value) => set('describtion', value)} />
            <VisitorPreview text={form.describtion} language={form.language} />
            <FileUploadField path="image" label={t('posts.image')} kind="image" value={form.image ? [form.image] : []}
              onChange={(paths) => setForm((current) => ({ ...current, image: paths[0] ?? '', imageAlt: paths[0] === current.image ? current.imageAlt : null }))}
              onBusyChange={uploads.onBusyChange} />
            {form.image && (
              <AltTextField imageLabel={t('posts.image')} languages={[form.language]} paths={{ [form.language]: 'imageAlt' }} values={{ [form.language]: form.imageAlt }}
                onChange={(values) => set('imageAlt', values[form.language] ?? null)} />
            )}
            <FileUploadField path="pictures" label={t('posts.album')} kind="pictures" value={form.pictures}
              onChange={(paths) => setForm((current) => ({ ...current, pictures: paths, picturesAlt: realign(current.pictures, current.picturesAlt, paths) }))}
              onBusyChange={uploads.onBusyChange} />
            {form.pictures.map((picture, index) => (
              <AltTextField key={picture + index} imageLabel={t('alt.picture', { number: index + 1 })} languages={[form.language]}
                paths={{ [form.language]: `picturesAlt[${index}]` }} values={{ [form.language]: form.picturesAlt[index] ?? null }}
                onChange={(values) => set('picturesAlt', form.pictures.map((_, i) => (i === index ? values[form.language] ?? null : form.picturesAlt[i] ?? null)))} />
            ))}
            <FileUploadField path="pdf" label={t('posts.pdf')} kind="pdf" value={form.pdf ? [form.pdf] : []}
              onChange={(paths) => set('pdf', paths[0] ?? '')} onBusyChange={uploads.onBusyChange} />
            <TextField path="video" label={t('posts.video')} value={form.video} dir="ltr" onChange={(value) => set('video', value)} />
            <div className="dash-field-row">
              <SelectField path="language" label={t('posts.language')} value={form.language}
                options={[['en', t('languages.en')], ['ar', t('languages.ar')]] as const}
                onChange={(language) => setForm((current) => ({ ...current, language, translationOf: null }))} />
              <SelectField path="type" label={t('posts.type')} value={form.type} options={POST_TYPES.map((type) => [type, t(`postTypes.${type}`)] as const)}
                onChange={(type) => set('type', type)} />
              <SelectField path="state" label={t('posts.state')} value={form.state ?? 'published'} options={POST_STATES.map((state) => [state, t(`postStates.${state}`)] as const)}
                onChange={(state) => set('state', state)} />
            </div>
            {form.state === 'scheduled' && (
              <TextField path="publishAt" label={t('posts.publishAt')} hint={t('posts.publishAtHint')} type="datetime-local" value={form.publishAt} dir="ltr"
                onChange={(value) => set('publishAt', value)} />
            )}
            <TranslationPicker postId={id} language={form.language} value={form.translationOf} onChange={(value) => set('translationOf', value)} />
            <p className="dash-hint" aria-live="polite">{uploads.busy ? t('common.waitUploads') : ''}</p>
            <div><button type="submit" className="dash-button dash-primary" disabled={saving || uploads.busy}>{t('common.save')}</button></div>
          </form>
        </FormErrorsContext.Provider>
      )}
    </>
  );
}
