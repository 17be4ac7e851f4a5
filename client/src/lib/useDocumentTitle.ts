import { useEffect } from 'react';
import { useShellTranslation } from '../i18n';

/** Names the browser tab after the screen, so screen readers announce where a link led. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useShellTranslation();
  useEffect(() => {
    document.title = title ? `${title} | ${t('site.name')}` : t('site.name');
  }, [title, t]);
}
