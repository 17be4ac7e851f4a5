// A dashboard form's submit: check the fields in the browser first, then send, staying busy
// meanwhile. Either way the problems show where they are: the error summary on top, each message
// beside its field. The user forms and the password forms all work this way.
import { useState, type FormEvent } from 'react';
import { checkedErrors, useFormErrors } from './formErrors';

/**
 * validate answers { field: translation key } for each field it refuses; labelKeys gives the key of
 * each field's label, for the messages that name their field.
 */
export function useCheckedSubmit<Form>(form: Form, validate: (form: Form) => Partial<Record<string, string>>, send: (form: Form) => Promise<void>,
  labelKeys: Partial<Record<string, string>> = {}) {
  const errors = useFormErrors();
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const refused = checkedErrors(validate(form), labelKeys);
    if (refused.length > 0) {
      errors.show(refused);
      return;
    }
    setSaving(true);
    errors.clear();
    try {
      await send(form);
    } catch (failure) {
      errors.showFailure(failure);
    } finally {
      setSaving(false);
    }
  }

  return { errors, saving, onSubmit };
}
