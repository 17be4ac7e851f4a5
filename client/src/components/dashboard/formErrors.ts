// The errors of one dashboard form, placed where the mistake is (the GOV.UK error pattern): the
// summary at the top lists every problem as a link to its field, and each field shows its own
// message. The server's bilingual errors name their field ('branch[1].phone', 'trustedKeys.0');
// the browser's own checks name a translation key instead of a text.
import { createContext, useCallback, useContext, useId, useMemo, useState } from 'react';
import { normalFieldPath } from '@shared/field-labels';
import { ApiRequestError } from '../../api/client';
import { isAbort } from './errorText';

export interface FormError {
  /** The field at fault, as 'branch[1].phone'; null when the error is about the whole form. */
  field: string | null;
  /**
   * The server's words in both languages, or a dashboard key (the browser's own checks) with the
   * key of the field's label for a message that names it ("{{label}} is required").
   */
  message: { en: string; ar: string } | { key: string; labelKey?: string };
}

/** The server's answer (or a network failure) as form errors. */
export function formErrorsOf(failure: unknown): FormError[] {
  if (failure instanceof ApiRequestError) {
    return failure.errors.map((item) => ({ field: item.field === null ? null : normalFieldPath(item.field), message: { en: item.messageEn, ar: item.messageAr } }));
  }
  const text = String((failure as Error)?.message ?? failure);
  return [{ field: null, message: { en: text, ar: text } }];
}

/** The browser's own checks ({ field: 'translation key' }) as form errors; labelKeys name the fields. */
export function checkedErrors(errors: Partial<Record<string, string>>, labelKeys: Partial<Record<string, string>> = {}): FormError[] {
  return Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([field, key]) => ({ field, message: { key, labelKey: labelKeys[field] } }));
}

export function errorTextOf(error: FormError, language: string, t: (key: string, values: Record<string, string>) => string): string {
  const { message } = error;
  if ('key' in message) return t(message.key, message.labelKey ? { label: t(message.labelKey, {}) } : {});
  return language === 'ar' ? message.ar : message.en;
}

/** The id of a field's control: the summary links to it. */
export function fieldId(prefix: string, path: string): string {
  return `${prefix}-${normalFieldPath(path).replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export interface FormErrorsState {
  errors: FormError[];
  /** Counts the sets shown, so the summary takes focus again after each failed save. */
  shown: number;
  prefix: string;
  show(errors: FormError[]): void;
  /** Shows what a failed save answered; an aborted request shows nothing. */
  showFailure(failure: unknown): void;
  clear(): void;
  errorOf(path: string): FormError | null;
}

export function useFormErrors(): FormErrorsState {
  const prefix = `f${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [state, setState] = useState<{ errors: FormError[]; shown: number }>({ errors: [], shown: 0 });
  const show = useCallback((errors: FormError[]) => setState((current) => ({ errors, shown: current.shown + 1 })), []);
  const showFailure = useCallback((failure: unknown) => {
    if (!isAbort(failure)) show(formErrorsOf(failure));
  }, [show]);
  const clear = useCallback(() => setState((current) => (current.errors.length === 0 ? current : { errors: [], shown: current.shown })), []);
  return useMemo(() => ({
    ...state, prefix, show, showFailure, clear,
    // A field that holds a list in one control (the trusted keys' text box) also shows its items' errors.
    errorOf: (path: string) => {
      const wanted = normalFieldPath(path);
      return state.errors.find((error) => error.field === wanted)
        ?? state.errors.find((error) => error.field !== null && (error.field.startsWith(`${wanted}[`) || error.field.startsWith(`${wanted}.`))) ?? null;
    },
  }), [state, prefix, show, showFailure, clear]);
}

/**
 * The errors of a form whose request is a read (the visits' period): they follow the read's
 * failure instead of a submit, and the summary takes focus each time a new failure arrives.
 */
export function useReadErrors(failure: unknown): FormErrorsState {
  const form = useFormErrors();
  const [seen, setSeen] = useState<unknown>(null);
  // Adjusted during render, as React advises for state that follows a prop.
  if (failure !== seen) {
    setSeen(failure);
    if (failure) form.showFailure(failure);
    else form.clear();
  }
  return form;
}

export const FormErrorsContext = createContext<FormErrorsState | null>(null);

export interface FieldState {
  /** The control's id (the summary's link target). */
  id: string;
  /** The id of the message shown beside the field. */
  errorId: string;
  error: FormError | null;
  /** aria-describedby: the hint (when given) and the error (when shown). */
  describedBy: (hintId?: string) => string | undefined;
}

/** The id and error of one field of the surrounding form (a fresh id outside a form with errors). */
export function useField(path: string): FieldState {
  const form = useContext(FormErrorsContext);
  const own = `f${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const id = form ? fieldId(form.prefix, path) : own;
  const error = form?.errorOf(path) ?? null;
  const errorId = `${id}-error`;
  return {
    id, errorId, error,
    describedBy: (hintId) => [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined,
  };
}
