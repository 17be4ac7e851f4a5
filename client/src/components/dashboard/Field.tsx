// Labelled controls of the dashboard forms, each with its hint and, after a failed save, its error
// message between the label and the control (the GOV.UK order), tied to it for screen readers.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, useField, type FieldState } from './formErrors';

/** The message beside a field, announced with it ("Error: ..." for screen readers). */
export function FieldError({ field }: { field: FieldState }) {
  const { t, i18n } = useTranslation('dashboard');
  if (!field.error) return null;
  return (
    <p id={field.errorId} className="dash-field-error">
      <span className="dash-sr-only">{t('errors.prefix')} </span>{errorTextOf(field.error, i18n.language, t)}
    </p>
  );
}

interface FieldFrameProps {
  field: FieldState;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, hint, error, control: one field of a form. */
export function FieldFrame({ field, label, hint, children }: FieldFrameProps) {
  return (
    <div className={field.error ? 'dash-field dash-field-invalid' : 'dash-field'}>
      <label htmlFor={field.id}>{label}</label>
      {hint && <p id={`${field.id}-hint`} className="dash-hint">{hint}</p>}
      <FieldError field={field} />
      {children}
    </div>
  );
}

interface TextFieldProps {
  /** The request field this control fills ('name', 'branch[1].phone'). */
  path: string;
  label: string;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'date' | 'datetime-local';
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  dir?: 'ltr' | 'rtl' | 'auto';
  lang?: string;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'decimal' | 'tel' | 'email' | 'url';
  disabled?: boolean;
}

export function TextField({ path, label, hint, value, onChange, type = 'text', rows, ...rest }: TextFieldProps) {
  const field = useField(path);
  const props = {
    id: field.id, value, ...rest,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': field.describedBy(hint ? `${field.id}-hint` : undefined),
  };
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      {rows
        ? <textarea {...props} rows={rows} onChange={(event) => onChange(event.target.value)} />
        : <input {...props} type={type} onChange={(event) => onChange(event.target.value)} />}
    </FieldFrame>
  );
}

interface SelectFieldProps<T extends string> {
  path: string;
  label: string;
  hint?: ReactNode;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<readonly [T, string]>;
  disabled?: boolean;
}

export function SelectField<T extends string>({ path, label, hint, value, onChange, options, disabled }: SelectFieldProps<T>) {
  const field = useField(path);
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <select id={field.id} value={value} disabled={disabled} aria-invalid={field.error ? true : undefined}
        aria-describedby={field.describedBy(hint ? `${field.id}-hint` : undefined)} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([option, text]) => <option key={option} value={option}>{text}</option>)}
      </select>
    </FieldFrame>
  );
}
