// The fixed button that dials the 533 hotline on every public page, hidden while the side menu is open.
import { useShellTranslation } from '../lib/useShellTranslation';
import { useSnapshot } from 'valtio';
import { appState } from '../state/app';
import { PhoneIcon } from './icons';

export const HOTLINE = '533';

export function EmergencyButton() {
  const { t } = useShellTranslation();
  const { navbarOpen } = useSnapshot(appState);
  if (navbarOpen) return null;
  return (
    <a className="emergency-button" href={`tel:${HOTLINE}`} aria-label={t('emergency.call', { number: HOTLINE })}>
      <PhoneIcon size={22} />
      <bdi>{HOTLINE}</bdi>
    </a>
  );
}
