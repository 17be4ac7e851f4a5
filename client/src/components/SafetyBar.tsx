// The band at the top of every public page that holds the way out and the hotline: the quick
// exit and the 533 button. The page scrolls below it, in its own area, so nothing of the page
// (its text, the rating prompt, a menu) ever lies under these two buttons or paints above them
// (docs/decisions.md, "The exit and the hotline have a band of their own").
import { useShellTranslation } from '../lib/useShellTranslation';
import { EmergencyButton } from './EmergencyButton';
import { QuickExit } from './QuickExit';

export function SafetyBar() {
  const { t } = useShellTranslation();
  return (
    <div className="safety-bar">
      {/* First in the tab order, and shown inside the band when focused: it never covers a button. */}
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <EmergencyButton />
      <QuickExit />
    </div>
  );
}
