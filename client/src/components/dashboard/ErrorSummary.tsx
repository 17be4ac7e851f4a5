// The GOV.UK error summary: "There is a problem" and every error of the form, each a link that
// moves focus to its field. It takes focus itself each time a save fails, so keyboard and screen
// reader users start from the list; the page title says "Error:" while it shows.
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf, fieldId, type FormErrorsState } from './formErrors';

const TITLE_PREFIX = /^(Error|خطأ): /;

/** The field's element, or the nearest enclosing one the form shows ('branch[1].floor' -> 'branch[1]'). */
function targetOf(prefix: string, field: string): HTMLElement | null {
  let path = field;
  for (;;) {
    const element = document.getElementById(fieldId(prefix, path));
    if (element) return element;
    const shorter = path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
    if (shorter === path) return null;
    path = shorter;
  }
}

/** Focuses the field and scrolls its label (or its group's legend) into view, as GOV.UK does. */
function goTo(event: MouseEvent, target: HTMLElement) {
  event.preventDefault();
  const label = document.querySelector<HTMLElement>(`label[for="${target.id}"]`) ?? target.closest('fieldset')?.querySelector('legend') ?? target;
  target.focus({ preventScroll: true });
  label.scrollIntoView({ block: 'start' });
}

export function ErrorSummary({ form }: { form: FormErrorsState }) {
  const { t, i18n } = useTranslation('dashboard');
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const showing = form.errors.length > 0;

  useEffect(() => {
    if (form.shown > 0 && showing) ref.current?.focus();
  }, [form.shown, showing]);

  useEffect(() => {
    const plain = document.title.replace(TITLE_PREFIX, '');
    document.title = showing ? `${t('errors.titlePrefix')} ${plain}` : plain;
  }, [showing, t, i18n.language]);

  if (!showing) return null;
  return (
    <div ref={ref} className="dash-error-summary" tabIndex={-1} aria-labelledby={titleId}>
      <div role="alert">
        <h2 id={titleId} className="dash-error-summary-title">{t('errors.title')}</h2>
        <ul className="dash-error-summary-list">
          {form.errors.map((error, index) => {
            const text = errorTextOf(error, i18n.language, t);
            // The fields are on screen before a save fails, so the link's target can be read now.
            const target = error.field === null ? null : targetOf(form.prefix, error.field);
            return (
              <li key={`${error.field ?? ''}-${index}`}>
                {target ? <a href={`#${target.id}`} onClick={(event) => goTo(event, target)}>{text}</a> : text}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
