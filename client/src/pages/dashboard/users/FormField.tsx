// One labelled input of the account forms, with its error tied to it for screen readers.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FormFieldProps {
  label: string;
  type: 'text' | 'email' | 'password';
  value: string;
  /** A translation key, shown under the field and announced with it. */
  error?: string;
  autoComplete: string;
  onChange: (value: string) => void;
}

export function FormField({ label, type, value, error, autoComplete, onChange }: FormFieldProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  return (
    <div className="dash-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} maxLength={32} autoComplete={autoComplete} dir={type === 'text' ? undefined : 'ltr'}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)} />
      {error && <p id={`${id}-error`} className="dash-field-error">{t(error)}</p>}
    </div>
  );
}
