// Renders the toast store: successes as polite status messages, errors as alerts.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { closeToast, toastStore } from './toastStore';

export function Toasts() {
  const { t, i18n } = useTranslation('dashboard');
  const { items } = useSnapshot(toastStore);
  const arabic = i18n.language === 'ar';
  return (
    <div className="dash-toasts">
      {items.map((toast) => {
        const message = toast.message ? (arabic ? toast.message.ar : toast.message.en) : '';
        // The server's refused-upload text already starts with 'Error!': do not say it twice.
        const text = toast.key === 'toast.errorWith' && /^(Error!|خطأ!)/.test(message) ? message : t(toast.key, { message });
        return (
          <div key={toast.id} className={`dash-toast dash-toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
            <span>{text}</span>
            <button type="button" className="dash-icon-button" aria-label={t('common.close')} onClick={() => closeToast(toast.id)}>
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}
