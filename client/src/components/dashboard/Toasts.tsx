// Renders the toast store into two live regions that are always present (screen readers announce
// changes inside an existing region far more reliably than a region that appears): successes are
// polite status messages, errors are alerts.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { closeToast, toastStore, type Toast } from './toastStore';

export function Toasts() {
  const { items } = useSnapshot(toastStore);
  return (
    <div className="dash-toasts">
      <div role="status" className="dash-toast-region">
        {items.filter((toast) => toast.tone === 'success').map((toast) => <ToastItem key={toast.id} toast={toast} />)}
      </div>
      <div role="alert" className="dash-toast-region">
        {items.filter((toast) => toast.tone === 'error').map((toast) => <ToastItem key={toast.id} toast={toast} />)}
      </div>
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t, i18n } = useTranslation('dashboard');
  const message = toast.message ? (i18n.language === 'ar' ? toast.message.ar : toast.message.en) : '';
  // The server's refused-upload text already starts with 'Error!': do not say it twice.
  const text = toast.key === 'toast.errorWith' && /^(Error!|خطأ!)/.test(message) ? message : t(toast.key, { message });
  return (
    <div className={`dash-toast dash-toast-${toast.tone}`}>
      <span>{text}</span>
      <button type="button" className="dash-icon-button" aria-label={t('common.close')} onClick={() => closeToast(toast.id)}>×</button>
    </div>
  );
}
