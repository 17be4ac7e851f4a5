// /search: a keyword box and the matching posts, with ?keyword= and ?p= in the address. The form
// is a plain GET form, so it works without JavaScript too; addresses with the older ?q= still work.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { SearchIcon } from '../../components/icons';
import { PostList } from '../../components/PostList';
import { keywordFromSearch, usePageHref } from '../../lib/pageAddress';
import { pageFromSearch } from '../../lib/pagination';
import { apiPaths } from '../../api/paths';
import { useApi } from '../../api/useApi';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import type { PostPage } from '@shared/api-types';
import { POSTS_PAGE_SIZE } from '@shared/domain';

export default function SearchPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const action = usePageHref('/search');
  const query = keywordFromSearch(search);
  const page = pageFromSearch(search);
  // What the visitor typed, for the search in the address; a new address shows its own keyword.
  const [typed, setTyped] = useState({ forQuery: query, value: query });
  const keyword = typed.forQuery === query ? typed.value : query;
  const setKeyword = (value: string) => setTyped({ forQuery: query, value });
  const state = useApi<PostPage>(query ? apiPaths.search(query, page) : null);
  const title = t('search.title');
  useDocumentTitle(query ? `${query} – ${title}` : title, { noindex: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = keyword.trim();
    navigate(value ? `/search?${new URLSearchParams({ keyword: value, p: '1' }).toString()}` : '/search');
  };

  return (
    <section className="page">
      <h1>{title}</h1>
      <form role="search" className="search-form" method="get" action={action} onSubmit={submit}>
        <label htmlFor="search-keyword">{t('search.label')}</label>
        <div className="search-row">
          <input id="search-keyword" name="keyword" type="search" value={keyword} onChange={(event) => setKeyword(event.target.value)}
            maxLength={150} autoComplete="off" />
          <button type="submit" className="button"><SearchIcon size={18} /> {t('search.submit')}</button>
        </div>
      </form>
      {query
        ? <PostList state={state} page={page} emptyText={t('search.empty', { keyword: query })}
          moreText={t('search.more', { number: (state.data?.pages ?? 0) * POSTS_PAGE_SIZE, keyword: query })} />
        : <p className="status status-empty">{t('search.prompt')}</p>}
    </section>
  );
}
