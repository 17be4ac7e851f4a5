// A file chosen to be sent by a form's button (a content bundle, a figures file), shown as the
// upload fields show theirs: the chosen file's name with "Choose another" and "Remove", never the
// browser's "No file chosen". The native input is only visually hidden, so it keeps its label,
// focus and keyboard; its visible button is a <label> that opens it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './Field';
import { useField } from './formErrors';

interface FileChooserProps {
  /** The request field the file is sent as ('bundle'): errors about it show here. */
  path: string;
  label: string;
  hint?: ReactNode;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

export function FileChooser({ path, label, hint, accept, file, onChange, disabled }: FileChooserProps) {
  const { t } = useTranslation('dashboard');
  const field = useField(path);
  const labelId = useId();
  const hintId = hint ? `${field.id}-hint` : undefined;
  const input = useRef<HTMLInputElement>(null);
  // A choice cleared (removed, or sent) empties the input too, so choosing the same file again counts.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  return (
    <div className={field.error ? 'dash-field dash-upload dash-field-invalid' : 'dash-field dash-upload'}>
      <span id={labelId} className="dash-label">{label}</span>
      {hint && <p id={hintId} className="dash-hint">{hint}</p>}
      <FieldError field={field} />
      {file && <p className="dash-upload-name"><bdi>{file.name}</bdi></p>}
      <div className="dash-upload-actions">
        <input ref={input} id={field.id} className="dash-file-input" type="file" accept={accept} disabled={disabled}
          aria-labelledby={labelId} aria-invalid={field.error ? true : undefined} aria-describedby={field.describedBy(hintId)}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)} />
        <label htmlFor={field.id} className="dash-button dash-file-button">{file ? t('upload.chooseAnother') : t('upload.chooseFile')}</label>
        {file && (
          <button type="button" className="dash-button" disabled={disabled} aria-label={t('upload.removeNamed', { label })}
            onClick={() => onChange(null)}>{t('upload.remove')}</button>
        )}
      </div>
    </div>
  );
}
