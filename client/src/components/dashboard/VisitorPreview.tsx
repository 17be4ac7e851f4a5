// Below a staff text area: the text as visitors see it. A text area cannot isolate a phone number
// inside Arabic ("+964 750 000 0301" shows there as "0301 000 750 964+"); the public pages do
// (components/StaffText.tsx), and this preview shows staff that they do.
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/domain';
import { StaffText } from '../StaffText';

export function VisitorPreview({ text, language }: { text: string; language: Language }) {
  const { t } = useTranslation('dashboard');
  if (!text.trim()) return null;
  return (
    <details className="dash-preview">
      <summary>{t('common.preview')}</summary>
      <div className="dash-preview-text" lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'}><StaffText text={text} callable /></div>
    </details>
  );
}
