// The controls of a table row edited in place: named for their row ("Number (Police 104)"), with
// the error of a refused save under each one, as the forms' fields have it.
import type { ReactNode } from 'react';
import { ErrorSummary } from './ErrorSummary';
import { FieldError } from './Field';
import { useField, type FormErrorsState } from './formErrors';

interface CellInputProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter saves the row instead of submitting anything else. */
  onEnter: () => void;
  type?: 'text' | 'tel';
  dir?: 'ltr' | 'rtl';
  lang?: string;
}

export function CellInput({ path, label, value, onChange, onEnter, type = 'text', dir, lang }: CellInputProps) {
  const field = useField(path);
  return (
    <>
      <input id={field.id} className="dash-cell-input" value={value} aria-label={label} type={type} dir={dir} lang={lang}
        aria-invalid={field.error ? true : undefined} aria-describedby={field.describedBy()}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); onEnter(); } }} />
      <FieldError field={field} />
    </>
  );
}

interface CellSelectProps<T extends string> {
  path: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<readonly [T, string]>;
}

export function CellSelect<T extends string>({ path, label, value, onChange, options }: CellSelectProps<T>) {
  const field = useField(path);
  return (
    <>
      <select id={field.id} className="dash-cell-input" value={value} aria-label={label}
        aria-invalid={field.error ? true : undefined} aria-describedby={field.describedBy()} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([option, text]) => <option key={option} value={option}>{text}</option>)}
      </select>
      <FieldError field={field} />
    </>
  );
}

/** The error summary of a row being edited, as a row of its own just above it. */
export function RowErrorSummary({ form, columns }: { form: FormErrorsState; columns: number }): ReactNode {
  if (form.errors.length === 0) return null;
  return <tr className="dash-editing"><td colSpan={columns}><ErrorSummary form={form} /></td></tr>;
}
