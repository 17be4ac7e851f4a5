// The delete button of a dashboard table row, named after its row for screen readers.
import { useTranslation } from 'react-i18next';

export function DeleteButton({ name, onDelete }: { name: string; onDelete: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <button type="button" className="dash-button dash-danger" onClick={onDelete}
      aria-label={t('common.deleteNamed', { name })}>{t('common.delete')}</button>
  );
}
