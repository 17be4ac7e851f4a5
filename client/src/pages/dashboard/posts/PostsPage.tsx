// /dashboard/posts: the caller's posts (all for an admin) with state, open in a new tab, edit, delete.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deleteAfterConfirm } from '../../../components/dashboard/deleteAfterConfirm';
import { MissingAltFlag, lacksAlt } from '../../../components/dashboard/AltTextField';
import { DeleteButton } from '../../../components/dashboard/DeleteButton';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { useApi } from '../../../api/useApi';
import { formatDate } from '../formatDate';
import { PageTitle } from '../PageTitle';
import type { Post } from '@shared/api-types';

export function PostsPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: posts, setData: setPosts, error, loading } = useApi<Post[]>('/api/posts/author');

  const remove = (post: Post) => deleteAfterConfirm(post, setPosts, {
    url: `/api/posts/${encodeURIComponent(post._id)}`, confirmKey: 'common.confirmDeleteDocument', successKey: 'toast.postRemoved', failure: 'generic',
  });

  return (
    <>
      <PageTitle text={t('posts.title')} />
      <Link href="/posts/addpost" className="dash-button dash-primary">{t('posts.add')}</Link>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {posts && posts.length === 0 && <p>{t('common.empty')}</p>}
      {posts && posts.length > 0 && (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="dash-sr-only">{t('posts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('posts.postTitle')}</th><th scope="col">{t('posts.type')}</th><th scope="col">{t('posts.language')}</th>
                <th scope="col">{t('posts.state')}</th><th scope="col">{t('common.created')}</th><th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post._id}>
                  <td><span lang={post.language} dir="auto">{post.title}</span>{' '}
                    <MissingAltFlag missing={lacksAlt(post.image, post.imageAlt) || post.pictures.some((picture, index) => lacksAlt(picture, post.picturesAlt?.[index]))} /></td>
                  <td>{t(`postTypes.${post.type}`)}</td>
                  <td>{t(`languages.${post.language}`)}</td>
                  <td><span className={`dash-badge dash-badge-${post.state}`}>{t(`postStates.${post.state}`)}</span></td>
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
    </>
  );
}
