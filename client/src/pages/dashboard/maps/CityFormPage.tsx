// /dashboard/maps/addcity and /dashboard/maps/{id}: name (and its Arabic form), four images and the branch blocks.
// Add clears the form after 'Successful'; edit loads the city first and saves to POST /api/maps/{id}.
// A refused save keeps what was typed and shows each problem beside its field, listed at the top.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { TextField } from '../../../components/dashboard/Field';
import { AltTextField } from '../../../components/dashboard/AltTextField';
import { FileUploadField } from '../../../components/dashboard/FileUploadField';
import { FormErrorsContext, useField, useFormErrors } from '../../../components/dashboard/formErrors';
import { useDraftForm } from '../../../components/dashboard/formDraft';
import { toastSuccess } from '../../../components/dashboard/toastStore';
import { useBusyCounter } from '../../../components/dashboard/useBusyCounter';
import { PageTitle } from '../PageTitle';
import type { City } from '@shared/api-types';
import { BranchFields, EMPTY_BRANCH, type BranchForm } from './BranchFields';

const IMAGE_FIELDS = ['thumbnail', 'countryMap', 'cityMap', 'cityMapAdd'] as const;
type ImageField = (typeof IMAGE_FIELDS)[number];
type AltField = `${ImageField}Alt${'En' | 'Ar'}`;
interface CityForm extends Record<ImageField, string>, Partial<Record<AltField, string | null>> { name: string; nameAr: string; branch: BranchForm[] }

const NEW_CITY: CityForm = { name: '', nameAr: '', thumbnail: '', countryMap: '', cityMap: '', cityMapAdd: '', branch: [{ ...EMPTY_BRANCH }] };
const altFieldsOf = (field: ImageField) => ({ en: `${field}AltEn`, ar: `${field}AltAr` } as const);

const asText = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function CityFormPage({ id }: { id: string | null }) {
  const { t } = useTranslation('dashboard');
  const { form, setForm, loading, loadError, markSaved } = useDraftForm<CityForm, City>(
    `city:${id ?? 'new'}`, NEW_CITY, id === null ? null : `/api/maps/${encodeURIComponent(id)}`,
    (city) => ({
      name: city.name, nameAr: city.nameAr ?? '', thumbnail: city.thumbnail ?? '', countryMap: city.countryMap ?? '', cityMap: city.cityMap ?? '', cityMapAdd: city.cityMapAdd ?? '',
      ...Object.fromEntries(IMAGE_FIELDS.flatMap((field) => Object.values(altFieldsOf(field))).map((alt) => [alt, city[alt] ?? null])),
      branch: city.branch.map((branch) => ({ address: branch.address, addressAr: branch.addressAr ?? '', phone: branch.phone, email: branch.email, lat: asText(branch.lat), lang: asText(branch.lang) })),
    }),
  );
  const [saving, setSaving] = useState(false);
  const uploads = useBusyCounter();
  const errors = useFormErrors();

  const setBranch = (index: number, branch: BranchForm) =>
    setForm((current) => ({ ...current, branch: current.branch.map((item, position) => (position === index ? branch : item)) }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const body = { ...form, name: form.name.trim(), branch: form.branch.map((branch) => ({ ...branch, lat: branch.lat.trim(), lang: branch.lang.trim() })) };
      await api.post<City>(id === null ? '/api/maps' : `/api/maps/${encodeURIComponent(id)}`, body);
      errors.clear();
      toastSuccess();
      if (id === null) {
        markSaved(NEW_CITY);
        setForm({ ...NEW_CITY, branch: [{ ...EMPTY_BRANCH }] });
      } else {
        markSaved(form);
      }
    } catch (failure) {
      errors.showFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <PageTitle text={t(id === null ? 'maps.addTitle' : 'maps.editTitle')} />
      <ErrorList error={loadError} />
      {loading ? <p role="status">{t('common.loading')}</p> : (
        <FormErrorsContext.Provider value={errors}>
          <ErrorSummary form={errors} />
          <form onSubmit={onSubmit} noValidate className="dash-form">
            <TextField path="name" label={t('maps.name')} hint={t('maps.nameHint')} value={form.name} dir="auto" onChange={(name) => setForm({ ...form, name })} />
            {/* A draft saved before the Arabic name existed has none: '' keeps the input controlled. */}
            <TextField path="nameAr" label={t('maps.nameAr')} hint={t('maps.nameArHint')} value={form.nameAr ?? ''} dir="rtl" lang="ar"
              onChange={(nameAr) => setForm({ ...form, nameAr })} />
            {IMAGE_FIELDS.map((field) => (
              <div key={field} className="dash-image-block">
                <FileUploadField path={field} label={t(`maps.${field}`)} kind="image" value={form[field] ? [form[field]] : []}
                  onChange={(paths) => setForm((current) => ({ ...current, [field]: paths[0] ?? '' }))} onBusyChange={uploads.onBusyChange} />
                {form[field] && (
                  <AltTextField imageLabel={t(`maps.${field}`)} languages={['en', 'ar']} paths={altFieldsOf(field)}
                    values={{ en: form[altFieldsOf(field).en] ?? null, ar: form[altFieldsOf(field).ar] ?? null }}
                    onChange={(values) => setForm((current) => ({ ...current, [altFieldsOf(field).en]: values.en ?? null, [altFieldsOf(field).ar]: values.ar ?? null }))} />
                )}
              </div>
            ))}
            <BranchesHeading />
            {form.branch.map((branch, index) => (
              // Branches have no id of their own; the position is their identity inside this form.
              <BranchFields key={index} index={index} branch={branch} onChange={(next) => setBranch(index, next)}
                onRemove={() => setForm((current) => ({ ...current, branch: current.branch.filter((_, position) => position !== index) }))} />
            ))}
            <div>
              <button type="button" className="dash-button" onClick={() => setForm((current) => ({ ...current, branch: [...current.branch, { ...EMPTY_BRANCH }] }))}>
                {t('maps.addBranch')}
              </button>
            </div>
            <p className="dash-hint" aria-live="polite">{uploads.busy ? t('common.waitUploads') : ''}</p>
            <div><button type="submit" className="dash-button dash-primary" disabled={saving || uploads.busy}>{t('common.save')}</button></div>
          </form>
        </FormErrorsContext.Provider>
      )}
    </>
  );
}

/** The branches' heading, also where an error about the list as a whole ("too many branches") leads. */
function BranchesHeading() {
  const { t } = useTranslation('dashboard');
  const field = useField('branch');
  return <h2 id={field.id} tabIndex={-1}>{t('maps.branches')}</h2>;
}
