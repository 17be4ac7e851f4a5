// One chosen file sent as a form to the server, with its answer: applying a bundle and adding a
// field office's figures work the same way.
import { useState, type FormEvent } from 'react';
import { apiRequest } from '../../../api/client';
import { useBusyAction } from './useBusyAction';

export function useFileSend<Answer>(url: string, field: string, onSent: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const { busy, error, run } = useBusyAction();
  const [answer, setAnswer] = useState<Answer | null>(null);
  // Remounts the file input after a send so the same file is not sent twice by accident.
  const [inputVersion, setInputVersion] = useState(0);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setAnswer(null);
    await run(async () => {
      const form = new FormData();
      form.append(field, file);
      setAnswer(await apiRequest<Answer>(url, { method: 'POST', body: form }));
      setFile(null);
      setInputVersion((version) => version + 1);
      onSent();
    });
  }

  return { file, setFile, busy, error, answer, inputVersion, onSubmit };
}
