// A dashboard form's submit: check the fields in the browser first (errors under each field), then
// send, showing what the server answered on failure and staying busy meanwhile. The user forms and
// the password forms all work this way.
import { useState, type FormEvent } from 'react';

export function useCheckedSubmit<Form, Errors extends object>(form: Form, validate: (form: Form) => Errors, send: (form: Form) => Promise<void>) {
  const [fieldErrors, setFieldErrors] = useState<Partial<Errors>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validate(form);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setServerError(null);
    try {
      await send(form);
    } catch (error) {
      setServerError(error);
    } finally {
      setSaving(false);
    }
  }

  function clearErrors() {
    setFieldErrors({});
    setServerError(null);
  }

  return { fieldErrors, serverError, saving, onSubmit, clearErrors };
}
