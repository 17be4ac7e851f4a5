// One labelled file input that uploads at once and reports the stored path(s). While a file is
// uploading the field says so and the parent form's save button waits (docs/product-rules.md, Behaviour: busy flag).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, toastServerErrors } from './toastStore';
import { ApiRequestError } from '../../api/client';
import { uploadFiles, type UploadKind } from './uploads';

interface FileUploadFieldProps {
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

export function FileUploadField({ label, kind, value, onChange, onBusyChange, quietFailure }: FileUploadFieldProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function onFiles(input: HTMLInputElement) {
    const files = Array.from(input.files ?? []);
    if (files.length === 0) return;
    setBusy(true);
    onBusyChange?.(true);
    try {
      const paths = await uploadFiles(kind, files);
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

  return (
    <div className="dash-field dash-upload" aria-busy={busy}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept={ACCEPT[kind]} multiple={kind === 'pictures'} disabled={busy}
        onChange={(event) => void onFiles(event.currentTarget)} />
      <p className="dash-hint" aria-live="polite">{busy ? t('common.uploading') : ''}</p>
      {value.length > 0 && (
        <ul className="dash-upload-list">
          {value.map((path) => (
            <li key={path}>
              {kind === 'pdf'
                ? <a href={path} target="_blank" rel="noopener noreferrer">{t('common.viewPdf')}</a>
                : <img src={path} alt="" width={64} height={64} />}
              <button type="button" className="dash-icon-button" aria-label={t('common.removeFile', { label })}
                onClick={() => onChange(value.filter((item) => item !== path))}>×</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
