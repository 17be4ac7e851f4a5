import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { answerConfirm, confirmStore } from './confirmStore';
import { Modal } from './Modal';

export function ConfirmDialog() {
  const { t } = useTranslation('dashboard');
  const { questionKey, values, confirmKey } = useSnapshot(confirmStore);
  return (
    <Modal open={questionKey !== null} title={questionKey ? t(questionKey, values) : ''} onClose={() => answerConfirm(false)} role="alertdialog">
      <div className="dash-actions">
        <button type="button" className="dash-button dash-danger" onClick={() => answerConfirm(true)}>{t(confirmKey)}</button>
        {/* Focus starts on Cancel, so a stray Enter never deletes (the alertdialog pattern). */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <button type="button" className="dash-button" autoFocus onClick={() => answerConfirm(false)}>{t('common.cancel')}</button>
      </div>
    </Modal>
  );
}
