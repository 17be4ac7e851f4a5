// The post form's link to the same post in the other language: shows the linked post with an
// Unlink button, or a search over the other language's posts (GET /api/posts/manage, so an author
// finds their own posts, an admin every post). Saving the form links or unlinks both sides.
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api/useApi';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { FieldError } from '../../../components/dashboard/Field';
import { useField } from '../../../components/dashboard/formErrors';
import type { ManagePage, Post, Language } from '@shared/api-types';

interface TranslationPickerProps {
  /** The post being edited (null while it is new). */
  postId: string | null;
  /** This post's language: the counterpart is looked for in the other one. */
  language: Language;
  value: string | null;
  onChange: (id: string | null) => void;
}

export function TranslationPicker({ postId, language, value, onChange }: TranslationPickerProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  // A refused link (not found, same language, taken) is shown here, and the error summary leads here.
  const field = useField('translationOf');
  const other: Language = language === 'ar' ? 'en' : 'ar';
  const otherName = t(`languages.${other}`);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const linked = useApi<Post>(value === null ? null : `/api/posts/${encodeURIComponent(value)}`);
  const found = useApi<ManagePage>(query === null || value !== null ? null : `/api/posts/manage?${new URLSearchParams({ language: other, q: query })}`);

  const runSearch = () => setQuery(typed.trim());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches here instead of submitting the whole post form.
    if (event.key === 'Enter') {
      event.preventDefault();
      runSearch();
    }
  };

  return (
    <fieldset className={field.error ? 'dash-fieldset dash-field-invalid' : 'dash-fieldset'} id={field.id} tabIndex={-1}>
      <legend>{t('posts.translation', { language: otherName })}</legend>
      <FieldError field={field} />
      {value !== null ? (
        <p className="dash-linked">
          <span lang={other} dir="auto">{t('posts.translationLinked', { title: linked.data?.title ?? value })}</span>{' '}
          <button type="button" className="dash-button" onClick={() => onChange(null)}>{t('posts.translationUnlink')}</button>
        </p>
      ) : (
        <>
          <div className="dash-field">
            <label htmlFor={`${id}-search`}>{t('posts.translationSearch', { language: otherName })}</label>
            <div className="dash-search-row">
              <input id={`${id}-search`} type="search" value={typed} dir="auto" maxLength={200}
                onChange={(event) => setTyped(event.target.value)} onKeyDown={onKeyDown} />
              <button type="button" className="dash-button" onClick={runSearch}>{t('posts.searchButton')}</button>
            </div>
          </div>
          <ErrorList error={found.error} />
          {found.data && (
            found.data.posts.length === 0 ? <p role="status">{t('posts.translationNone')}</p> : (
              <ul className="dash-picks" aria-label={t('posts.translationResults', { language: otherName })}>
                {found.data.posts.filter((post) => post._id !== postId).map((post) => {
                  const taken = post.translationOf !== null && post.translationOf !== postId;
                  return (
                    <li key={post._id}>
                      <button type="button" className="dash-button" disabled={taken} onClick={() => onChange(post._id)}
                        aria-label={t('posts.translationLink', { title: post.title })}>
                        <span lang={other} dir="auto">{post.title}</span>
                      </button>
                      {taken && <span className="dash-hint"> {t('posts.translationTaken')}</span>}
                    </li>
                  );
                })}
              </ul>
            )
          )}
        </>
      )}
      <p className="dash-hint">{t('posts.translationHint')}</p>
    </fieldset>
  );
}
