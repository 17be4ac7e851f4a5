// Switches between English and Arabic; i18next caches the choice in the i18next cookie and
// applyDocumentLanguage (i18n.ts) flips lang and dir on <html>.
import { useTranslation } from 'react-i18next';

export function LanguageSwitch() {
  const { i18n } = useTranslation('dashboard');
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <button type="button" className="dash-button dash-lang" lang={next} onClick={() => void i18n.changeLanguage(next)}>
      {next === 'ar' ? 'العربية' : 'English'}
    </button>
  );
}
