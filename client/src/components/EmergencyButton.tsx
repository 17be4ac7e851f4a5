// The button that dials the 533 hotline, in the safety band of every public page: always shown,
// never covered (the side menu no longer hides it).
import { useShellTranslation } from '../lib/useShellTranslation';
import { PhoneIcon } from './icons';

export const HOTLINE = '533';

export function EmergencyButton() {
  const { t } = useShellTranslation();
  return (
    <a className="emergency-button" href={`tel:${HOTLINE}`} aria-label={t('emergency.call', { number: HOTLINE })}>
      <PhoneIcon size={20} />
      <bdi>{HOTLINE}</bdi>
    </a>
  );
}
