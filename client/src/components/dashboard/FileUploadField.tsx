// One file field that uploads at once and reports the stored path(s). It shows what the field
// holds now (a thumbnail, or the PDF's name) with Replace and Remove, never the browser's "No file
// chosen": the native input is only visually hidden, so it keeps its label, focus and keyboard,
// and its visible button is a <label> that opens it. While a file uploads the field says so and
// the form's save button waits (docs/product-rules.md, Behaviour: busy flag).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, toastServerErrors } from './toastStore';
import { ApiRequestError } from '../../api/client';
import { FieldError } from './Field';
import { useField } from './formErrors';
import { uploadFiles, type UploadKind } from './uploads';

interface FileUploadFieldProps {
  /** The request field the path goes to ('thumbnail', 'pictures'): errors about it show here. */
  path: string;
  label: string;
  kind: UploadKind;
  /** Stored paths: one for image and pdf, many for the album. */
  value: string[];
  onChange: (paths: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  /** docs/product-rules.md, Validation: the emergency icon upload only logs a failure. */
  quietFailure?: boolean;
}

const ACCEPT: Record<UploadKind, string> = { image: 'image/*', pictures: 'image/*', pdf: 'application/pdf' };

export function FileUploadField({ path, label, kind, value, onChange, onBusyChange, quietFailure }: FileUploadFieldProps) {
  const { t } = useTranslation('dashboard');
  const field = useField(path);
  const labelId = useId();
  const [busy, setBusy] = useState(false);
  // The names of the files chosen here (stored files get generated names): "guide.pdf", not "/uploads/3f9c….pdf".
  const [chosenNames, setChosenNames] = useState<Record<string, string>>({});

  async function onFiles(input: HTMLInputElement) {
    const files = Array.from(input.files ?? []);
    if (files.length === 0) return;
    setBusy(true);
    onBusyChange?.(true);
    try {
      const paths = await uploadFiles(kind, files);
      setChosenNames((names) => ({ ...names, ...Object.fromEntries(paths.map((stored, index) => [stored, files[index]?.name ?? ''])) }));
      onChange(kind === 'pictures' ? [...value, ...paths] : paths);
    } catch (error) {
      if (quietFailure) console.error('Upload failed', error);
      else if (error instanceof ApiRequestError && (error.status === 415 || error.status === 400)) showToast('error', 'toast.fileType');
      else if (error instanceof ApiRequestError) toastServerErrors(error.errors);
      else showToast('error', 'toast.fileType');
    } finally {
      input.value = '';
      setBusy(false);
      onBusyChange?.(false);
    }
  }

  const itemLabel = (index: number) => (kind === 'pictures' ? t('alt.pictureNumber', { number: index + 1 }) : label);
  const choose = value.length === 0 ? t(`upload.choose.${kind}`) : kind === 'pictures' ? t('upload.addPictures') : t('upload.replace');
  return (
    <div className={field.error ? 'dash-field dash-upload dash-field-invalid' : 'dash-field dash-upload'} aria-busy={busy}>
      <span id={labelId} className="dash-label">{label}</span>
      <FieldError field={field} />
      {value.length > 0 && (
        <ul className="dash-upload-list">
          {value.map((stored, index) => (
            <li key={stored}>
              {kind === 'pdf'
                ? (
                  <a href={stored} target="_blank" rel="noopener noreferrer" className="dash-upload-name">
                    <bdi>{chosenNames[stored] || t('common.viewPdf')}</bdi> <span className="dash-sr-only">{t('upload.newTab')}</span>
                  </a>
                )
                : <img src={stored} alt="" width={96} height={96} />}
              {kind === 'pictures' && <span className="dash-hint">{itemLabel(index)}</span>}
              <button type="button" className="dash-button" aria-label={t('upload.removeNamed', { label: itemLabel(index) })}
                onClick={() => onChange(value.filter((item) => item !== stored))}>{t('upload.remove')}</button>
            </li>
          ))}
        </ul>
      )}
      <div className="dash-upload-actions">
        <input id={field.id} className="dash-file-input" type="file" accept={ACCEPT[kind]} multiple={kind === 'pictures'} disabled={busy}
          aria-labelledby={labelId} aria-invalid={field.error ? true : undefined} aria-describedby={field.describedBy()}
          onChange={(event) => void onFiles(event.currentTarget)} />
        <label htmlFor={field.id} className="dash-button dash-file-button">{choose}</label>
        <span className="dash-hint" aria-live="polite">{busy ? t('common.uploading') : ''}</span>
      </div>
    </div>
  );
}
