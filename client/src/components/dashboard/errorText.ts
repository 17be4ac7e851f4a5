// Server errors carry both languages; the dashboard shows the one the user reads.
import { ApiRequestError, type ApiErrorItem } from '../../api/client';

export function errorItems(error: unknown): ApiErrorItem[] {
  if (error instanceof ApiRequestError) return error.errors;
  return [{ messageEn: String((error as Error)?.message ?? error), messageAr: String((error as Error)?.message ?? error), field: null }];
}

export function localizedErrors(error: unknown, language: string): string[] {
  return errorItems(error).map((item) => (language === 'ar' ? item.messageAr : item.messageEn));
}

/** A request the form cancelled itself (a newer one replaced it): not an error to show. */
export const isAbort = (error: unknown) => (error as Error)?.name === 'AbortError';
