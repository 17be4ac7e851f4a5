// /dashboard/posts: the caller's posts (every post for an admin), 25 a page from GET /api/posts/manage,
// with a search (the public site's Arabic-aware search, over every state) and filters. The page,
// search and filters live in the address (?q=&type=&language=&state=&author=&page=), so Back and
// Forward step through them and a filtered list can be bookmarked or shared between staff.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { api } from '../../../api/client';
import { useApi } from '../../../api/useApi';
import { MissingAltFlag } from '../../../components/dashboard/AltTextField';
import { askConfirm } from '../../../components/dashboard/confirmStore';
import { DeleteButton } from '../../../components/dashboard/DeleteButton';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { showToast, toastSuccess } from '../../../components/dashboard/toastStore';
import { formatBaghdad } from '../../../lib/baghdadTime';
import { session } from '../../../state/session';
import { formatDate } from '../formatDate';
import { PageTitle } from '../PageTitle';
import { LANGUAGES, POST_STATES, POST_TYPES } from '@shared/domain';
import type { ManagePage, PostSummary, User } from '@shared/api-types';

const FILTERS = ['q', 'type', 'language', 'state', 'author'] as const;
type Filter = (typeof FILTERS)[number];

/** The list's state as the address holds it: only known keys, blank ones dropped, page 1 left out. */
export function listQuery(search: string, changes: Partial<Record<Filter | 'page', string>> = {}): URLSearchParams {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const key of [...FILTERS, 'page'] as const) {
    const value = (key in changes ? changes[key] : current.get(key))?.trim() ?? '';
    if (value !== '' && !(key === 'page' && value === '1')) next.set(key, value);
  }
  return next;
}

export function PostsPage() {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { userInfo } = useSnapshot(session);
  const admin = Boolean(userInfo?.isAdmin);
  const params = listQuery(search);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, error, loading, reload } = useApi<ManagePage>(`/api/posts/manage?${params.toString()}`);
  const users = useApi<User[]>(admin ? '/api/users' : null);
  // The search box follows the address (Back restores the words searched), and keeps what is being typed.
  const [typed, setTyped] = useState({ for: search, text: params.get('q') ?? '' });
  if (typed.for !== search) setTyped({ for: search, text: params.get('q') ?? '' });

  const go = (changes: Partial<Record<Filter | 'page', string>>) => {
    const next = listQuery(search, { page: '1', ...changes });
    navigate(next.toString() !== '' ? `/posts?${next.toString()}` : '/posts');
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: typed.text });
  };

  async function remove(post: PostSummary) {
    if (!(await askConfirm('posts.confirmDelete', { values: { name: post.title } }))) return;
    try {
      await api.delete(`/api/posts/${encodeURIComponent(post._id)}`);
      toastSuccess('toast.postRemoved');
      reload();
    } catch (failure) {
      console.error('Delete of a post failed', failure);
      showToast('error', 'toast.error');
    }
  }

  const select = (key: 'type' | 'language' | 'state' | 'author', label: string, anyLabel: string, options: Array<[string, string]>) => (
    <div className="dash-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={params.get(key) ?? ''} onChange={(event) => go({ [key]: event.target.value })}>
        <option value="">{anyLabel}</option>
        {options.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
    </div>
  );

  const pageHref = (target: number) => {
    const next = listQuery(search, { page: String(target) });
    return next.toString() !== '' ? `/posts?${next.toString()}` : '/posts';
  };

  return (
    <>
      <PageTitle text={t('posts.title')} />
      <Link href="/posts/addpost" className="dash-button dash-primary">{t('posts.add')}</Link>
      <div className="dash-section">
        <form className="dash-form dash-inline-form" onSubmit={onSearch} role="search" aria-label={t('posts.filters')}>
          <div className="dash-field">
            <label htmlFor={`${id}-q`}>{t('posts.search')}</label>
            <input id={`${id}-q`} type="search" value={typed.text} dir="auto" maxLength={200}
              onChange={(event) => setTyped({ for: search, text: event.target.value })} />
          </div>
          <button type="submit" className="dash-button dash-primary">{t('posts.searchButton')}</button>
          {select('type', t('posts.type'), t('posts.anyType'), POST_TYPES.map((type) => [type, t(`postTypes.${type}`)]))}
          {select('language', t('posts.language'), t('posts.anyLanguage'), LANGUAGES.map((language) => [language, t(`languages.${language}`)]))}
          {select('state', t('posts.state'), t('posts.anyState'), POST_STATES.map((state) => [state, t(`postStates.${state}`)]))}
          {admin && select('author', t('posts.author'), t('posts.anyAuthor'), (users.data ?? []).map((user) => [user._id, user.name]))}
          {params.toString() !== '' && <Link href="/posts" className="dash-button">{t('posts.clearFilters')}</Link>}
        </form>
      </div>
      <ErrorList error={error} />
      <p role="status" className="dash-hint">
        {loading ? t('common.loading') : data ? t('posts.found', { count: data.total }) : ''}
      </p>
      {data?.indexing && <p className="dash-hint" role="note">{t('posts.indexing')}</p>}
      {data && data.posts.length === 0 && !loading && <p>{t('common.empty')}</p>}
      {data && data.posts.length > 0 && (
        <div className="dash-table-wrap" aria-busy={loading}>
          <table className="dash-table">
            <caption className="dash-sr-only">{t('posts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('posts.postTitle')}</th><th scope="col">{t('posts.type')}</th><th scope="col">{t('posts.language')}</th>
                <th scope="col">{t('posts.state')}</th>{admin && <th scope="col">{t('posts.author')}</th>}
                <th scope="col">{t('common.created')}</th><th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.posts.map((post) => (
                <tr key={post._id}>
                  <td><span lang={post.language} dir="auto">{post.title}</span>{' '}
                    <MissingAltFlag missing={post.altMissing} /></td>
                  <td>{t(`postTypes.${post.type}`)}</td>
                  <td>{t(`languages.${post.language}`)}</td>
                  <td>
                    <span className={`dash-badge dash-badge-${post.state}`}>{t(`postStates.${post.state}`)}</span>
                    {post.state === 'scheduled' && post.publishAt && (
                      <span className="dash-when"> {t('posts.scheduledFor', { time: formatBaghdad(post.publishAt, i18n.language) })}</span>
                    )}
                  </td>
                  {admin && <td><bdi>{post.authorName ?? '—'}</bdi></td>}
                  <td>{formatDate(post.createdAt, i18n.language)}</td>
                  <td className="dash-row-actions">
                    <a className="dash-button" href={`/p/${encodeURIComponent(post._id)}`} target="_blank" rel="noopener noreferrer"
                      aria-label={t('posts.openNamed', { name: post.title })}>{t('posts.open')}</a>
                    <Link className="dash-button" href={`/posts/${encodeURIComponent(post._id)}`}
                      aria-label={t('common.editNamed', { name: post.title })}>{t('common.edit')}</Link>
                    <DeleteButton name={post.title} onDelete={() => void remove(post)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pages > 1 && (
        <nav className="dash-pagination" aria-label={t('common.pagination')}>
          {page > 1 ? <Link className="dash-button" href={pageHref(page - 1)} rel="prev">{t('common.previous')}</Link> : null}
          <span>{t('common.pageOf', { page, pages: data.pages })}</span>
          {page < data.pages ? <Link className="dash-button" href={pageHref(page + 1)} rel="next">{t('common.next')}</Link> : null}
        </nav>
      )}
    </>
  );
}
