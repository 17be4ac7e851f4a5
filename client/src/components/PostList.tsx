// The paginated post grid shared by /posts/{type} and /search.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiState } from '../api/useApi';
import type { PostPage } from '@shared/api-types';
import { scrollPageToTop } from '../lib/pageScroller';
import { useWindowWidth } from '../lib/useWindowWidth';
import { Pagination } from './Pagination';
import { PostCard } from './PostCard';
import { Empty, ErrorMessage, Loading } from './Status';

/** `moreText`: what to say when a search found more posts than it counted (its answer's `more`). */
export function PostList({ state, page, emptyText, moreText }: { state: ApiState<PostPage>; page: number; emptyText: string; moreText?: string }) {
  const { t } = useTranslation();
  const width = useWindowWidth();

  // A new page starts at the top, as a new page load would.
  useEffect(() => { scrollPageToTop(); }, [page]);

  if (state.error) return <ErrorMessage error={state.error} />;
  if (!state.data) return <Loading />;
  const { posts, pages, more = false } = state.data;
  return (
    <>
      {more && moreText && <p className="status">{moreText}</p>}
      <div aria-busy={state.loading} className="post-list-wrap">
        {posts.length === 0 ? <Empty>{emptyText}</Empty> : (
          <ul className="post-grid" aria-label={t('posts.listLabel')}>
            {posts.map((post, index) => (
              <li key={post._id}><PostCard post={post} width={width} eager={index < 2} /></li>
            ))}
          </ul>
        )}
      </div>
      <Pagination page={page} pages={pages} more={more} />
    </>
  );
}
