// Shared loading, error and empty states, so every screen says the same thing the same way.
import { useShellTranslation } from '../lib/useShellTranslation';
import type { ApiRequestError } from '../api/client';

export function Loading() {
  const { t } = useShellTranslation();
  return <p className="status" role="status">{t('status.loading')}</p>;
}

export function ErrorMessage({ error }: { error: ApiRequestError }) {
  const { t, i18n } = useShellTranslation();
  const text = error.isNetworkError
    ? t('status.network')
    : error.status === 404
      ? t('status.notFound')
      : (i18n.resolvedLanguage === 'ar' ? error.errors[0]?.messageAr : error.errors[0]?.messageEn) || t('status.error');
  return <p className="status status-error" role="alert">{text}</p>;
}

export function Empty({ children }: { children: string }) {
  return <p className="status status-empty">{children}</p>;
}
