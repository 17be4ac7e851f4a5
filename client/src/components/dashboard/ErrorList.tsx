// Server errors in red in the current language (docs/product-rules.md, Messages), announced as an alert.
import { useTranslation } from 'react-i18next';
import { localizedErrors } from './errorText';

export function ErrorList({ error }: { error: unknown }) {
  const { i18n } = useTranslation('dashboard');
  if (!error) return null;
  return (
    // The alert role sits on a wrapper: on the <ul> itself it would hide the list semantics.
    <div role="alert">
      <ul className="dash-errors">
        {localizedErrors(error, i18n.language).map((text, index) => <li key={index}>{text}</li>)}
      </ul>
    </div>
  );
}
