// One chosen file sent as a form to the server, with its answer: applying a bundle and adding a
// field office's figures work the same way. A refusal shows where the mistake is (the file field,
// or the summary for the file as a whole).
import { useState, type FormEvent } from 'react';
import { apiRequest } from '../../../api/client';
import { useFormErrors } from '../../../components/dashboard/formErrors';

export function useFileSend<Answer>(url: string, field: string, onSent: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors();
  const [answer, setAnswer] = useState<Answer | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setAnswer(null);
    setBusy(true);
    errors.clear();
    try {
      const form = new FormData();
      form.append(field, file);
      setAnswer(await apiRequest<Answer>(url, { method: 'POST', body: form }));
      // Cleared, so the same file is not sent twice by accident.
      setFile(null);
      onSent();
    } catch (failure) {
      errors.showFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  return { file, setFile, busy, errors, answer, onSubmit };
}
