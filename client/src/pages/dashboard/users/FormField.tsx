// One field of the account forms: at most 32 characters (docs/product-rules.md, Constants), e-mail
// and passwords written left to right, its error beside it.
import { TextField } from '../../../components/dashboard/Field';

interface FormFieldProps {
  /** The request field ('name', 'newPassword'): the server's errors about it show here. */
  path: string;
  label: string;
  type: 'text' | 'email' | 'password';
  value: string;
  autoComplete: string;
  onChange: (value: string) => void;
}

export function FormField({ path, label, type, value, autoComplete, onChange }: FormFieldProps) {
  return <TextField path={path} label={label} type={type} value={value} maxLength={32} autoComplete={autoComplete} dir={type === 'text' ? undefined : 'ltr'} onChange={onChange} />;
}
